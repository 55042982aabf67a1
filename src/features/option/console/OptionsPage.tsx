import type { OptionPool, OptionSetting } from '@common/option/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { http } from '@/lib/http/client'
import styles from '@/ui/console/Console.module.css'
import { DecimalField } from '@/ui/console/DecimalField'
import { showToast } from '@/ui/feedback'
import { Switch } from '@/ui/Switch'

interface Overview {
  settings: OptionSetting[]
  pool: OptionPool
  orders: { status: string; n: number }[]
}
const KEY = ['admin', 'option'] as const
const overviewQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => http.get<Overview>('admin/option/overview', undefined, { signal }),
  })

const periodName = (s: number) =>
  s < 60 ? `${s}s` : s < 3600 ? `${s / 60}m` : s < 86400 ? `${s / 3600}h` : `${s / 86400}d`

/** Options: periods offered per instrument, rates, band, fee and minimum (future rounds only); the pool. */
export function OptionsPage() {
  const { t } = useLingui()
  const { amount } = useFormat()
  const qc = useQueryClient()
  const ov = useQuery(overviewQuery())
  const [fund, setFund] = useState('')
  const [reason, setReason] = useState('')
  const bySymbol = new Map<string, OptionSetting[]>()
  for (const s of ov.data?.settings ?? []) bySymbol.set(s.symbol, [...(bySymbol.get(s.symbol) ?? []), s])
  const doFund = async () => {
    try {
      await http.post('admin/option/pool/fund', { amount: fund, reason })
      showToast(t`Saved`)
      setFund('')
      setReason('')
      await qc.invalidateQueries({ queryKey: KEY })
    } catch {
      // Shown by the http layer.
    }
  }
  return (
    <>
      <h2 className={styles.h2}>{t`Options`}</h2>
      <p className={styles.muted}>
        <Trans>
          Rounds settle from the recorded index ticks; the console cannot set a price or a result. Changes
          apply to rounds created after them.
        </Trans>
      </p>
      <section className={styles.panel} aria-label={t`Option pool`}>
        <h3 className={styles.h3}>{t`Option pool`}</h3>
        <p>
          {t`Balance`}: <strong>{ov.data ? `${amount(ov.data.pool.balance, { dp: 2 })} USDT` : '--'}</strong>{' '}
          · {t`Reserved for open rounds`}:{' '}
          <strong>{ov.data ? amount(ov.data.pool.exposure, { dp: 2 }) : '--'}</strong>
        </p>
        <div className={styles.filters}>
          <DecimalField label={t`Fund from the treasury (USDT)`} value={fund} onChange={setFund} />
          <label className={styles.muted}>
            {t`Reason`}
            <input className={styles.input} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <button
            type="button"
            className={styles.btnPrimary}
            disabled={!fund || !reason.trim()}
            onClick={() => void doFund()}
          >
            {t`Fund the pool`}
          </button>
        </div>
      </section>
      <ul className={styles.list} aria-label={t`Options`}>
        {[...bySymbol].map(([symbol, list]) => (
          <li key={symbol} className={styles.panel} aria-label={symbol}>
            <strong>{symbol}</strong>
            {list.map((s) => (
              <SettingForm key={`${s.symbol}-${s.period}`} s={s} />
            ))}
          </li>
        ))}
      </ul>
    </>
  )
}

function SettingForm({ s }: { s: OptionSetting }) {
  const { t } = useLingui()
  const qc = useQueryClient()
  const [form, setForm] = useState({
    upRate: s.upRate,
    downRate: s.downRate,
    flatRate: s.flatRate,
    band: s.band,
    feeRate: s.feeRate,
    minAmount: s.minAmount,
  })
  const [enabled, setEnabled] = useState(s.enabled)
  const save = async () => {
    try {
      await http.post('admin/option/settings', { symbol: s.symbol, period: s.period, enabled, ...form })
      showToast(t`Saved`)
      await qc.invalidateQueries({ queryKey: KEY })
    } catch {
      // Shown by the http layer.
    }
  }
  const field = (k: keyof typeof form, label: string) => (
    <DecimalField
      label={label}
      value={form[k]}
      size={7}
      onChange={(value) => setForm((f) => ({ ...f, [k]: value }))}
    />
  )
  return (
    <div className={styles.filters} data-testid={`option-setting-${s.symbol}-${s.period}`}>
      <strong>{periodName(s.period)}</strong>
      <Switch
        checked={enabled}
        onChange={setEnabled}
        label={t`Offered: ${s.symbol} ${periodName(s.period)}`}
      />
      {field('upRate', t`Up rate`)}
      {field('downRate', t`Down rate`)}
      {field('flatRate', t`Flat rate`)}
      {field('band', t`Flat band`)}
      {field('feeRate', t`Fee rate`)}
      {field('minAmount', t`Minimum`)}
      <button type="button" className={styles.btnPrimary} onClick={() => void save()}>
        {t`Save`}
      </button>
    </div>
  )
}
