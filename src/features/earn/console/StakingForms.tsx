import type { ProductInput, StakingProduct } from '@common/earn/schema'
import { formInt } from '@common/validate/strict'
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { http } from '@/lib/http/client'
import styles from '@/ui/console/Console.module.css'
import { DecimalField } from '@/ui/console/DecimalField'
import { showToast } from '@/ui/feedback'

/** Moves treasury funds into the rewards pool of an asset (audited, with a reason). */
export function FundPool({ onDone }: { onDone: () => void }) {
  const { t } = useLingui()
  const [f, setF] = useState({ asset: 'USDT', amount: '', reason: '' })
  const submit = async () => {
    try {
      await http.post('admin/earn/pool/fund', f, { loading: true })
      showToast(t`Pool funded from the treasury`)
      setF({ ...f, amount: '', reason: '' })
      onDone()
    } catch {
      // the client showed the error
    }
  }
  return (
    <div className={styles.filters}>
      <label className={styles.muted}>
        {t`Coin`}
        <input
          className={styles.input}
          value={f.asset}
          size={6}
          onChange={(e) => setF({ ...f, asset: e.target.value.trim().toUpperCase() })}
        />
      </label>
      <DecimalField label={t`Amount`} value={f.amount} onChange={(amount) => setF({ ...f, amount })} />
      <label className={styles.muted}>
        {t`Reason`}
        <input
          className={styles.input}
          value={f.reason}
          onChange={(e) => setF({ ...f, reason: e.target.value })}
        />
      </label>
      <button type="button" className={styles.btnPrimary} disabled={!f.amount} onClick={() => void submit()}>
        {t`Fund pool`}
      </button>
    </div>
  )
}

/** Creates or edits a staking product. */
export function ProductForm({ p, onDone }: { p: StakingProduct | null; onDone: () => void }) {
  const { t } = useLingui()
  const [f, setF] = useState<Omit<ProductInput, 'cycleDays'> & { cycleDays: string }>({
    asset: p?.asset ?? 'USDT',
    cycleDays: String(p?.cycleDays ?? 30),
    rate: p?.rate ?? '0.05',
    rateKind: p?.rateKind ?? 'annual',
    minAmount: p?.minAmount ?? '100',
    maxAmount: p?.maxAmount ?? '10000',
    quota: p?.quota ?? '1000000',
    earlyRedeem: p?.earlyRedeem ?? false,
    reason: '',
  })
  const submit = async () => {
    try {
      const body = { ...f, cycleDays: formInt(f.cycleDays) }
      await http.post(
        p ? 'admin/earn/product/edit' : 'admin/earn/product/create',
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
  return (
    <fieldset className={styles.filters}>
      <legend className={styles.h3}>{p ? t`Edit product` : t`New product`}</legend>
      <label className={styles.muted}>
        {t`Coin`}
        <input
          className={styles.input}
          size={6}
          value={f.asset}
          onChange={(e) => setF({ ...f, asset: e.target.value.trim().toUpperCase() })}
        />
      </label>
      <DecimalField
        label={t`Cycle (days)`}
        size={5}
        value={f.cycleDays}
        onChange={(cycleDays) => setF({ ...f, cycleDays })}
      />
      <DecimalField
        label={t({ message: 'Rate', context: 'interest' })}
        size={8}
        value={f.rate}
        onChange={(rate) => setF({ ...f, rate })}
      />
      <label className={styles.muted}>
        {t`Rate per`}
        <select
          className={styles.select}
          value={f.rateKind}
          onChange={(e) => setF({ ...f, rateKind: e.target.value as 'annual' | 'daily' })}
        >
          <option value="annual">{t`Year`}</option>
          <option value="daily">{t`Day`}</option>
        </select>
      </label>
      <DecimalField
        label={t`Minimum`}
        value={f.minAmount}
        onChange={(minAmount) => setF({ ...f, minAmount })}
      />
      <DecimalField
        label={t`Maximum`}
        value={f.maxAmount}
        onChange={(maxAmount) => setF({ ...f, maxAmount })}
      />
      <DecimalField label={t`Total quota`} value={f.quota} onChange={(quota) => setF({ ...f, quota })} />
      <label className={styles.muted}>
        <input
          type="checkbox"
          checked={f.earlyRedeem}
          onChange={(e) => setF({ ...f, earlyRedeem: e.target.checked })}
        />{' '}
        {t`Early redemption allowed`}
      </label>
      <label className={styles.muted}>
        {t`Reason`}
        <input
          className={styles.input}
          value={f.reason ?? ''}
          onChange={(e) => setF({ ...f, reason: e.target.value })}
        />
      </label>
      <button type="button" className={styles.btnPrimary} onClick={() => void submit()}>
        {t`Save`}
      </button>
    </fieldset>
  )
}
