import type { LoanProduct } from '@common/loan/schema'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { http } from '@/lib/http/client'
import styles from '@/ui/console/Console.module.css'
import { DecimalField } from '@/ui/console/DecimalField'
import { showToast } from '@/ui/feedback'
import { Switch } from '@/ui/Switch'
import { adminLoanKeys, adminProductsQueryOptions, holidaysQueryOptions } from './api'

/** Products (rate, limits, switch, on-chain repayment address) and the holiday table of due dates. */
export function ProductsPanel() {
  const { t } = useLingui()
  const q = useQuery(adminProductsQueryOptions())
  return (
    <>
      <ul className={styles.list} aria-label={t`Products`}>
        {q.data?.map((p) => (
          <ProductForm key={p.id} p={p} />
        ))}
      </ul>
      <Holidays />
    </>
  )
}

function ProductForm({ p }: { p: LoanProduct }) {
  const { t } = useLingui()
  const qc = useQueryClient()
  const [v, setV] = useState({
    monthlyRate: p.monthlyRate,
    minAmount: p.minAmount,
    maxAmount: p.maxAmount,
    institution: p.institution,
    repayChain: p.repayChain ?? '',
    repayAddress: p.repayAddress ?? '',
  })
  const [enabled, setEnabled] = useState(p.enabled)
  const set = (k: keyof typeof v) => (x: string) => setV((o) => ({ ...o, [k]: x }))
  const save = async () => {
    try {
      await http.post(
        'admin/loan/product/save',
        { id: p.id, coin: p.coin, termDays: p.termDays, credit: p.credit, enabled, ...v },
        { loading: true },
      )
      showToast(t`Saved`)
      await qc.invalidateQueries({ queryKey: adminLoanKeys.root })
    } catch {
      // Shown by the http layer.
    }
  }
  const label = `${p.coin} · ${t`${p.termDays} days`}${p.credit ? ` · ${t`Credit loan`}` : ''}`
  return (
    <li className={styles.panel} aria-label={label}>
      <div className={styles.row}>
        <strong>{label}</strong>
        <Switch checked={enabled} onChange={setEnabled} label={t`Offered: ${label}`} />
      </div>
      <div className={styles.filters}>
        <DecimalField label={t`Monthly rate`} value={v.monthlyRate} onChange={set('monthlyRate')} />
        <DecimalField label={t`Min`} value={v.minAmount} onChange={set('minAmount')} />
        <DecimalField label={t`Max`} value={v.maxAmount} onChange={set('maxAmount')} />
        <label className={styles.muted}>
          {t`Lender`}
          <input
            className={styles.input}
            value={v.institution}
            onChange={(e) => set('institution')(e.target.value)}
          />
        </label>
        <label className={styles.muted}>
          {t`Repayment chain`}
          <input
            className={styles.input}
            size={8}
            value={v.repayChain}
            onChange={(e) => set('repayChain')(e.target.value)}
          />
        </label>
        <label className={styles.muted}>
          {t`Repayment address`}
          <input
            className={styles.input}
            size={34}
            value={v.repayAddress}
            onChange={(e) => set('repayAddress')(e.target.value)}
          />
        </label>
        <button type="button" className={styles.btnPrimary} onClick={() => void save()}>
          {t`Save`}
        </button>
      </div>
    </li>
  )
}

function Holidays() {
  const { t } = useLingui()
  const qc = useQueryClient()
  const q = useQuery(holidaysQueryOptions())
  const [text, setText] = useState<string | null>(null)
  const value = text ?? (q.data ?? []).map((h) => `${h.day} ${h.name}`).join('\n')
  const save = async () => {
    const days = value
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => ({ day: l.slice(0, 10), name: l.slice(10).trim() }))
    try {
      await http.post('admin/loan/holidays', { days }, { loading: true })
      showToast(t`Saved`)
      setText(null)
      await qc.invalidateQueries({ queryKey: adminLoanKeys.root })
    } catch {
      // Shown by the http layer.
    }
  }
  return (
    <section className={styles.panel} aria-label={t`Holidays`}>
      <h3 className={styles.h3}>{t`Holidays`}</h3>
      <p className={styles.muted}>
        {t`A due date on a weekend or one of these days moves to the next business day (at most 3 days). One per line: YYYY-MM-DD name.`}
      </p>
      <textarea
        className={styles.input}
        rows={8}
        value={value}
        onChange={(e) => setText(e.target.value)}
        aria-label={t`Holidays`}
      />
      <button type="button" className={styles.btnPrimary} onClick={() => void save()}>
        {t`Save`}
      </button>
    </section>
  )
}
