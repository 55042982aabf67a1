import { marketLimitsSchema } from '@common/admin/schema'
import type { MarketItem } from '@common/admin/types'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import * as v from 'valibot'
import { adminApi, invalidateConsole } from '@/lib/console/api'
import { Alert } from '@/ui/Alert'
import { ChoiceChips } from '@/ui/ChoiceChips'
import styles from '@/ui/console/Console.module.css'
import { DecimalField } from '@/ui/console/DecimalField'
import { showToast } from '@/ui/feedback'
import { Switch } from '@/ui/Switch'
import { marketsQueryOptions } from './api'

/** Markets: pause and resume, minimums and fees, the demo market makers switch. No prices here. */
export function MarketsPage() {
  const { t } = useLingui()
  const qc = useQueryClient()
  const { data } = useQuery(marketsQueryOptions())
  const [category, setCategory] = useState('spot')
  const refresh = () => invalidateConsole(qc)
  const categories = [...new Set(data?.list.map((m) => m.category) ?? [])]
  const setMakers = async (enabled: boolean) => {
    try {
      await adminApi.post('admin/market-makers', { enabled })
      showToast(enabled ? t`Market makers on` : t`Market makers off`)
      await refresh()
    } catch {
      // Shown by the http layer.
    }
  }
  return (
    <>
      <h2 className={styles.h2}>{t`Markets`}</h2>
      <section className={styles.panel}>
        <div className={styles.row}>
          <span>
            <Trans>Demo market makers</Trans>
          </span>
          {data && (
            <Switch
              checked={data.marketMakers}
              onChange={(on) => void setMakers(on)}
              label={t`Demo market makers`}
            />
          )}
        </div>
        <p className={styles.muted}>
          <Trans>Prices come only from the index feed; the console cannot set them.</Trans>
        </p>
      </section>
      <ChoiceChips
        legend={t`Category`}
        classes={{ tabs: styles.chips, tab: styles.chip, legend: styles.srOnly }}
        value={category}
        options={categories.map((c) => [c, c] as const)}
        onChange={setCategory}
      />
      <ul className={styles.list} aria-label={t`Markets`}>
        {data?.list
          .filter((m) => m.category === category)
          .map((m) => (
            <MarketRow key={m.symbol} m={m} fees={data.feesEditable} onDone={refresh} />
          ))}
      </ul>
    </>
  )
}

function MarketRow({ m, fees, onDone }: { m: MarketItem; fees: boolean; onDone: () => Promise<unknown> }) {
  const { t } = useLingui()
  const [form, setForm] = useState({
    minAmount: m.minAmount,
    minNotional: m.minNotional,
    makerFee: m.makerFee ?? '',
    takerFee: m.takerFee ?? '',
  })
  const [error, setError] = useState('')
  const toggle = async () => {
    try {
      await adminApi.post('admin/markets/status', {
        symbol: m.symbol,
        status: m.status === 'trading' ? 'suspended' : 'trading',
      })
      showToast(m.status === 'trading' ? t`Market suspended` : t`Market resumed`)
      await onDone()
    } catch {
      // Shown by the http layer.
    }
  }
  const save = async () => {
    const body = {
      symbol: m.symbol,
      minAmount: form.minAmount,
      minNotional: form.minNotional,
      ...(fees ? { makerFee: form.makerFee, takerFee: form.takerFee } : {}),
    }
    const parsed = v.safeParse(marketLimitsSchema, body)
    if (!parsed.success) {
      setError(t`Check the values: minimums are not negative, fees at most 0.1 (10%)`)
      return
    }
    try {
      await adminApi.post('admin/markets/limits', parsed.output)
      showToast(t`Saved`)
      await onDone()
    } catch {
      // Shown by the http layer.
    }
  }
  const field = (k: keyof typeof form, label: string) => (
    <DecimalField
      label={label}
      value={form[k]}
      size={10}
      onChange={(value) => {
        setForm((f) => ({ ...f, [k]: value }))
        setError('')
      }}
    />
  )
  return (
    <li className={styles.panel} aria-label={m.symbol}>
      <div className={styles.row}>
        <strong>
          {m.symbol} <span className={styles.muted}>{m.name}</span>
        </strong>
        <span className={m.status === 'trading' ? styles.good : styles.bad}>
          {m.status === 'trading' ? t`Trading` : t`Suspended`}
        </span>
      </div>
      <div className={styles.filters}>
        {field('minAmount', t`Minimum amount`)}
        {field('minNotional', t`Minimum value`)}
        {fees && field('makerFee', t`Maker fee`)}
        {fees && field('takerFee', t`Taker fee`)}
      </div>
      <div className={styles.filters}>
        <button type="button" className={styles.btnPrimary} onClick={() => void save()}>
          {t`Save`}
        </button>
        <button
          type="button"
          className={m.status === 'trading' ? styles.btnDanger : styles.btn}
          onClick={() => void toggle()}
        >
          {m.status === 'trading' ? t`Suspend` : t`Resume`}
        </button>
      </div>
      <Alert text={error} className={styles.error} />
    </li>
  )
}
