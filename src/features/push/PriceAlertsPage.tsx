import { type AlertKind, alertCreateSchema, type PriceAlert } from '@common/push/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useId, useMemo, useState } from 'react'
import * as v from 'valibot'
import { useFormat } from '@/lib/format/use-format'
import { instrumentsQueryOptions, tickersQueryOptions } from '@/lib/market/api'
import { Alert } from '@/ui/Alert'
import { CoinIcon } from '@/ui/CoinIcon'
import { DecimalInput } from '@/ui/DecimalInput'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { PageHeader } from '@/ui/PageHeader'
import { type SelectOption, SelectSheet } from '@/ui/SelectSheet'
import { alertsQueryOptions, pushApi, pushKeys } from './api'
import styles from './Push.module.css'

export function PriceAlertsPage({ symbol: initial }: { symbol: string }) {
  const { t } = useLingui()
  const qc = useQueryClient()
  const fmt = useFormat()
  const instruments = useQuery(instrumentsQueryOptions())
  const tickers = useQuery(tickersQueryOptions())
  const alerts = useQuery(alertsQueryOptions())
  const [symbol, setSymbol] = useState(initial)
  const [kind, setKind] = useState<AlertKind>('above')
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Alerts follow the index (server/modules/push/jobs.ts).
  const last = tickers.data?.[symbol]?.index
  const marketId = useId()
  const valueId = useId()
  const markets = useMemo<SelectOption[]>(
    () =>
      instruments.data
        ? instruments.data.map((i) => ({
            value: i.symbol,
            label: `${i.base}/${i.quote}`,
            icon: <CoinIcon code={i.base} size={24} />,
          }))
        : [{ value: symbol, label: symbol }],
    [instruments.data, symbol],
  )

  const kinds: { kind: AlertKind; label: string }[] = [
    { kind: 'above', label: t`Rises to` },
    { kind: 'below', label: t`Falls to` },
    { kind: 'move', label: t`Moves by %` },
  ]

  const condition = (a: PriceAlert) =>
    a.kind === 'above'
      ? t`Rises to ${fmt.amount(a.value)}`
      : a.kind === 'below'
        ? t`Falls to ${fmt.amount(a.value)}`
        : t`Moves ${a.value} % from ${fmt.amount(a.basePrice)}`

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const parsed = v.safeParse(alertCreateSchema, { symbol, kind, value })
    if (!parsed.success) {
      setError(kind === 'move' ? t`Enter a percentage between 0.1 and 99` : t`Enter a valid price`)
      return
    }
    setError(null)
    setBusy(true)
    try {
      await pushApi.createAlert(parsed.output)
      showToast(t`Price alert created`)
      setValue('')
      await qc.invalidateQueries({ queryKey: pushKeys.alerts() })
    } catch {
      // Shown by the http layer.
    } finally {
      setBusy(false)
    }
  }

  const remove = async (id: string) => {
    try {
      await pushApi.deleteAlert(id)
      showToast(t`Price alert deleted`)
      await qc.invalidateQueries({ queryKey: pushKeys.alerts() })
    } catch {
      // Shown by the http layer.
    }
  }

  const active = alerts.data?.filter((a) => a.status === 'active') ?? []
  const fired = alerts.data?.filter((a) => a.status === 'fired') ?? []

  return (
    <>
      <PageHeader title={t`Price alerts`} backLabel={t`Back`} />
      <form className={form.page} onSubmit={(e) => void submit(e)} noValidate>
        <div className={form.field}>
          <label htmlFor={marketId} className={form.label}>
            <Trans>Market</Trans>
          </label>
          <SelectSheet
            id={marketId}
            label={t`Market`}
            testId="alert-market"
            value={symbol}
            options={markets}
            onChange={setSymbol}
            search={t`Search markets`}
          />
          <span className={form.hint}>{last ? t`Current price ${fmt.amount(last)}` : t`No price yet`}</span>
        </div>
        <fieldset className={form.field} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className={form.label} style={{ padding: 0 }}>
            <Trans>Notify me when the price</Trans>
          </legend>
          <div className={styles.kinds}>
            {kinds.map((k) => (
              <button
                key={k.kind}
                type="button"
                className={styles.kind}
                aria-pressed={kind === k.kind}
                onClick={() => setKind(k.kind)}
              >
                {k.label}
              </button>
            ))}
          </div>
        </fieldset>
        <label className={form.field} htmlFor={valueId}>
          <span className={form.label}>{kind === 'move' ? t`Percentage (%)` : t`Price`}</span>
          <DecimalInput
            id={valueId}
            className={form.input}
            value={value}
            placeholder={kind === 'move' ? '5' : (last ?? '')}
            aria-invalid={error ? true : undefined}
            onChange={setValue}
          />
          <Alert text={error} className={form.error} />
          <span className={form.hint}>
            <Trans>
              An alert fires once, then turns off. Turn on push in notification settings to get it on this
              device.
            </Trans>
          </span>
        </label>
        <button type="submit" className={form.primary} disabled={busy}>
          <Trans>Create alert</Trans>
        </button>
        <Link to="/pages/mine/notify-settings" className={form.hint}>
          <Trans>Notification settings</Trans>
        </Link>
      </form>
      <h2 className={styles.heading}>
        <Trans>Active alerts</Trans>
      </h2>
      <AlertList list={active} condition={condition} onDelete={remove} empty={t`No active alerts`} />
      {fired.length > 0 && (
        <>
          <h2 className={styles.heading}>
            <Trans>Fired</Trans>
          </h2>
          <AlertList list={fired} condition={condition} onDelete={remove} />
        </>
      )}
    </>
  )
}

function AlertList({
  list,
  condition,
  onDelete,
  empty,
}: {
  list: PriceAlert[]
  condition: (a: PriceAlert) => string
  onDelete: (id: string) => void
  empty?: string
}) {
  const { t } = useLingui()
  const fmt = useFormat()
  if (list.length === 0) return empty ? <p className={styles.empty}>{empty}</p> : null
  return (
    <ul className={styles.list}>
      {list.map((a) => {
        const what = condition(a)
        const symbol = a.symbol
        return (
          <li key={a.id} className={styles.item}>
            <div className={styles.itemMain}>
              <strong>{a.symbol}</strong>
              <span>{what}</span>
              <span className={styles.sub}>
                {a.firedAt && a.firedPrice
                  ? t`Fired at ${fmt.amount(a.firedPrice)} · ${fmt.ago(a.firedAt)}`
                  : t`Created ${fmt.ago(a.createdAt)}`}
              </span>
            </div>
            <button
              type="button"
              className={styles.delete}
              aria-label={t`Delete alert ${symbol}: ${what}`}
              onClick={() => onDelete(a.id)}
            >
              <Trans>Delete</Trans>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
