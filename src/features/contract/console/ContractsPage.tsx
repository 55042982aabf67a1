import type { ContractInstrument, MarginTier } from '@common/contract/schema'
import { MAX_LEVERAGE } from '@common/contract/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { Alert } from '@/ui/Alert'
import styles from '@/ui/console/Console.module.css'
import { DataTable } from '@/ui/console/DataTable'
import { DecimalField } from '@/ui/console/DecimalField'
import { dateTime } from '@/ui/console/date-time'
import { showToast } from '@/ui/feedback'
import { Switch } from '@/ui/Switch'
import {
  adminContractKeys,
  contractInstrumentsQueryOptions,
  insuranceFundQueryOptions,
  saveContractSettings,
} from './api'
import own from './ContractsPage.module.css'
import { checkSettings } from './contract-settings'

/** Perpetuals: per-instrument leverage, margin tiers, fees, lot size, trading switch; the insurance fund. */
export function ContractsPage() {
  const { t } = useLingui()
  const { amount, locale } = useFormat()
  const list = useQuery(contractInstrumentsQueryOptions())
  const fund = useQuery(insuranceFundQueryOptions())
  return (
    <>
      <h2 className={styles.h2}>{t`Perpetual contracts`}</h2>
      <p className={styles.muted}>
        <Trans>
          Mark price and liquidation come from the index feed; the console cannot set a price or close a
          user's position.
        </Trans>
      </p>
      <ul className={styles.list} aria-label={t`Perpetual contracts`}>
        {list.data?.map((i) => (
          <InstrumentForm key={i.symbol} inst={i} />
        ))}
      </ul>
      <section className={styles.panel} aria-label={t`Insurance fund`}>
        <h3 className={styles.h3}>{t`Insurance fund`}</h3>
        <p>
          {t`Balance`}: <strong>{fund.data ? `${amount(fund.data.balance, { dp: 2 })} USDT` : '--'}</strong>
        </p>
        <DataTable
          label={t`Insurance fund`}
          rows={fund.data?.list}
          rowKey={(r) => r.id}
          columns={[
            { label: t`Time`, cell: (r) => dateTime(r.ts, locale) },
            { label: t`Reason`, cell: (r) => r.reason },
            { label: t`Change`, num: true, cell: (r) => amount(r.change, { dp: 2 }) },
            { label: t`Balance`, num: true, cell: (r) => amount(r.balance, { dp: 2 }) },
          ]}
        />
      </section>
    </>
  )
}

type KeyedTier = MarginTier & { key: number }
let nextKey = 1

function InstrumentForm({ inst }: { inst: ContractInstrument }) {
  const { t } = useLingui()
  const qc = useQueryClient()
  const [form, setForm] = useState({
    maxLeverage: String(inst.maxLeverage),
    makerFee: inst.makerFee,
    takerFee: inst.takerFee,
    lotSize: inst.lotSize,
  })
  const [tiers, setTiers] = useState<KeyedTier[]>(() => inst.tiers.map((x) => ({ ...x, key: nextKey++ })))
  const [trading, setTrading] = useState(inst.status === 'trading')
  const [error, setError] = useState('')
  const save = async () => {
    const checked = checkSettings({
      symbol: inst.symbol,
      ...form,
      trading,
      tiers: tiers.map(({ key: _key, ...x }) => x),
    })
    if (typeof checked === 'string') {
      setError(
        {
          leverage: t`Maximum leverage: a whole number from 1 to ${MAX_LEVERAGE}`,
          fee: t`Fees: a rate below 1, e.g. 0.0005 for 0.05%`,
          lot: t`Quantity per lot must be above 0`,
          tiers: t`Tiers: the first starts at 0, floors and rates rise, leverage does not rise`,
        }[checked],
      )
      return
    }
    try {
      await saveContractSettings(checked)
      showToast(t`Saved`)
      await qc.invalidateQueries({ queryKey: adminContractKeys.root })
    } catch {
      // Shown by the http layer.
    }
  }
  const field = (k: keyof typeof form, label: string) => (
    <DecimalField
      label={label}
      value={form[k]}
      size={8}
      onChange={(value) => {
        setForm((f) => ({ ...f, [k]: value }))
        setError('')
      }}
    />
  )
  const tierCell = (i: number, k: keyof MarginTier, label: string) => (
    <input
      className={`${styles.input} ${own.tierInput}`}
      aria-label={`${label} ${i + 1}`}
      value={String(tiers[i]?.[k] ?? '')}
      size={8}
      inputMode="decimal"
      onChange={(e) => {
        const v = e.target.value.trim()
        setTiers((ts) =>
          ts.map((x, j) => (j === i ? { ...x, [k]: k === 'maxLeverage' ? Number(v) || 0 : v } : x)),
        )
        setError('')
      }}
    />
  )
  return (
    <li className={styles.panel} aria-label={inst.symbol}>
      <div className={styles.row}>
        <strong>{inst.symbol}</strong>
        <span className={styles.row}>
          <span className={trading ? styles.good : styles.bad}>{trading ? t`Trading` : t`Suspended`}</span>
          <Switch checked={trading} onChange={setTrading} label={t`Trading on ${inst.symbol}`} />
        </span>
      </div>
      <div className={styles.filters}>
        {field('maxLeverage', t`Maximum leverage`)}
        {field('makerFee', t`Maker fee`)}
        {field('takerFee', t`Taker fee`)}
        {field('lotSize', t`Quantity per lot`)}
      </div>
      <h4 className={styles.muted}>{t`Maintenance margin tiers`}</h4>
      <div className={own.tiers}>
        <div className={own.tierHead} aria-hidden="true">
          <span>{t`From notional (USDT)`}</span>
          <span>{t`Maintenance rate`}</span>
          <span>{t`Max leverage`}</span>
          <span />
        </div>
        {tiers.map((tier, i) => (
          <div key={tier.key} className={own.tierRow}>
            {tierCell(i, 'floor', t`From notional (USDT)`)}
            {tierCell(i, 'mmr', t`Maintenance rate`)}
            {tierCell(i, 'maxLeverage', t`Max leverage`)}
            <button
              type="button"
              className={styles.btn}
              disabled={tiers.length === 1}
              onClick={() => setTiers((ts) => ts.filter((_, j) => j !== i))}
              aria-label={t`Remove tier ${i + 1}`}
            >
              −
            </button>
          </div>
        ))}
      </div>
      <div className={styles.filters}>
        <button
          type="button"
          className={styles.btn}
          onClick={() =>
            setTiers((ts) => [
              ...ts,
              { floor: '', mmr: '', maxLeverage: ts[ts.length - 1]?.maxLeverage ?? 1, key: nextKey++ },
            ])
          }
        >
          {t`Add tier`}
        </button>
        <button type="button" className={styles.btnPrimary} onClick={() => void save()}>
          {t`Save`}
        </button>
      </div>
      <Alert text={error} className={styles.error} />
    </li>
  )
}
