import type { ProjectInput, SubscriptionProject } from '@common/earn/schema'
import { formInt } from '@common/validate/strict'
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { http } from '@/lib/http/client'
import styles from '@/ui/console/Console.module.css'
import { showToast } from '@/ui/feedback'

export type ProjectRow = SubscriptionProject & { coinPrecision: number }

const toLocal = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000)
  return d.toISOString().slice(0, 16)
}
const fromLocal = (s: string) => new Date(s).getTime()

/** Creates or edits a subscription (launchpad) project. */
export function ProjectForm({ p, onDone }: { p: ProjectRow | null; onDone: () => void }) {
  const { t } = useLingui()
  const day = 86_400_000
  const base = Date.now() + day
  const [f, setF] = useState({
    name: p?.name ?? '',
    coin: p?.coin ?? '',
    coinName: p?.coinName ?? '',
    coinPrecision: String(p?.coinPrecision ?? 4),
    description: p?.description ?? '',
    currency: p?.currency ?? 'USDT',
    price: p?.price ?? '',
    supply: p?.supply ?? '',
    minAmount: p?.minAmount ?? '10',
    maxAmount: p?.maxAmount ?? '10000',
    startAt: toLocal(p?.startAt ?? base),
    closeAt: toLocal(p?.closeAt ?? base + 7 * day),
    announceAt: toLocal(p?.announceAt ?? base + 8 * day),
    listingAt: toLocal(p?.listingAt ?? base + 10 * day),
    reason: '',
  })
  const submit = async () => {
    const body: ProjectInput = {
      ...f,
      coinPrecision: formInt(f.coinPrecision),
      startAt: fromLocal(f.startAt),
      closeAt: fromLocal(f.closeAt),
      announceAt: fromLocal(f.announceAt),
      listingAt: fromLocal(f.listingAt),
    }
    try {
      await http.post(
        p ? 'admin/earn/project/edit' : 'admin/earn/project/create',
        p ? { id: p.id, ...body } : body,
        {
          loading: true,
        },
      )
      showToast(t`Saved`)
      onDone()
    } catch {
      // the client showed the error
    }
  }
  const text = (k: keyof typeof f, label: string, size = 12) => (
    <label className={styles.muted} key={k}>
      {label}
      <input
        className={styles.input}
        size={size}
        value={f[k]}
        onChange={(e) => setF({ ...f, [k]: e.target.value })}
      />
    </label>
  )
  const time = (k: 'startAt' | 'closeAt' | 'announceAt' | 'listingAt', label: string) => (
    <label className={styles.muted} key={k}>
      {label}
      <input
        className={styles.input}
        type="datetime-local"
        value={f[k]}
        onChange={(e) => setF({ ...f, [k]: e.target.value })}
      />
    </label>
  )
  return (
    <fieldset className={styles.filters}>
      <legend className={styles.h3}>{p ? t`Edit project` : t`New project`}</legend>
      {text('name', t`Project name`)}
      {p ? <span className={styles.muted}>{p.coin}</span> : text('coin', t`Coin code`, 6)}
      {text('coinName', t`Coin name`)}
      {!p && text('coinPrecision', t`Coin decimals`, 3)}
      {text('currency', t`Subscription currency`, 6)}
      {text('price', t`Issue price`, 8)}
      {text('supply', t`Supply for sale`, 10)}
      {text('minAmount', t`Minimum per user`, 8)}
      {text('maxAmount', t`Maximum per user`, 8)}
      {time('startAt', t`Start time`)}
      {time('closeAt', t`Close time`)}
      {time('announceAt', t`Announcement time`)}
      {time('listingAt', t`Expected listing`)}
      <label className={`${styles.muted} ${styles.grow}`}>
        {t`Description`}
        <textarea
          className={styles.input}
          rows={3}
          value={f.description}
          onChange={(e) => setF({ ...f, description: e.target.value })}
        />
      </label>
      {text('reason', t`Reason`)}
      <button type="button" className={styles.btnPrimary} onClick={() => void submit()}>
        {t`Save`}
      </button>
    </fieldset>
  )
}
