import {
  type ContractInstrument,
  type ContractOrderType,
  type ContractSide,
  contractPlaceSchema,
} from '@common/contract/schema'
import { div, gt, mul } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useState } from 'react'
import * as v from 'valibot'
import { useFormat } from '@/lib/format/use-format'
import { DecimalInput } from '@/ui/DecimalInput'
import { showToast } from '@/ui/feedback'
import { TabRow } from '@/ui/TabRow'
import { contractApi } from './api'
import styles from './Contract.module.css'
import { LeverageSheet } from './LeverageSheet'
import { TicketFigures } from './TicketFigures'
import { maxOpenLots, openCost } from './ticket'
import { useMineMutation } from './use-mine-mutation'

const PERCENTS = ['25', '50', '75', '100'] as const
const LOTS_RE = /^[1-9]\d{0,8}$/
const PRICE_RE = /^\d+(\.\d+)?$/

/** The order ticket: open long or short, limit or market, lots, leverage, cost and max lots. */
export function OrderTicket({
  inst,
  last,
  available,
  loggedIn,
  pickedPrice,
  held,
  riskRate,
}: {
  inst: ContractInstrument | undefined
  last: string | undefined
  /** Available margin of the contract account (USDT), undefined for visitors. */
  available: string | undefined
  loggedIn: boolean
  /** A price tapped in the order book. */
  pickedPrice: { price: string; at: number } | null
  /** Lots already held per side on this instrument (the margin tier counts the whole position). */
  held: { long: number; short: number }
  /** The contract account's risk rate in percent (maintenance margin / margin balance). */
  riskRate?: string
}) {
  const { t } = useLingui()
  const { amount: fmt, percent } = useFormat()
  const navigate = useNavigate()
  const [side, setSide] = useState<ContractSide>('long')
  const [type, setType] = useState<ContractOrderType>('limit')
  const [price, setPrice] = useState('')
  const [lots, setLots] = useState('')
  const [leverage, setLeverage] = useState(10)
  const [choosing, setChoosing] = useState(false)
  const ids = { type: useId(), price: useId(), lots: useId() }
  const max = inst?.maxLeverage ?? 1
  const lev = Math.min(leverage, max)

  useEffect(() => {
    if (!price && last) setPrice(last)
  }, [price, last])
  useEffect(() => {
    if (pickedPrice) {
      setType('limit')
      setPrice(pickedPrice.price)
    }
  }, [pickedPrice])

  const at = type === 'limit' ? price : last
  const priced = Boolean(at && PRICE_RE.test(at) && gt(at, '0'))
  const cost = inst && priced && LOTS_RE.test(lots) ? openCost(inst, lots, at ?? '0', lev) : null
  const maxLots =
    inst && priced && available ? maxOpenLots(inst, available, at ?? '0', lev, held[side]) : null

  const place = useMineMutation(
    contractApi.place,
    (o) => (o.status === 'filled' ? t`Order filled` : t`Order placed`),
    {
      after: () => setLots(''),
    },
  )

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!loggedIn) {
      void navigate({ to: '/pages/login/index' })
      return
    }
    if (!inst) return
    const input = {
      symbol: inst.symbol,
      side,
      type,
      lots,
      leverage: lev,
      ...(type === 'limit' ? { price } : {}),
    }
    const parsed = v.safeParse(contractPlaceSchema, input)
    if (!parsed.success || (type === 'limit' && !priced)) {
      showToast(t`Enter a valid price and a whole number of lots`, { error: true })
      return
    }
    place.mutate(parsed.output)
  }

  const pickPercent = (p: string) => {
    if (!maxLots) return
    const n = div(mul(String(maxLots), p), '100', 0, 'down')
    setLots(gt(n, '0') ? n : '')
  }

  return (
    <>
      <form className={styles.ticket} onSubmit={submit} aria-label={t`Place order`} noValidate>
        <TabRow
          label={t`Direction`}
          className={styles.sides}
          value={side}
          options={[
            ['long', t`Long`],
            ['short', t`Short`],
          ]}
          onChange={setSide}
          testId="side"
          tabProps={(s) => ({ 'data-side': s })}
        />
        <div className={styles.ticketRow}>
          <span className={styles.tag}>{t`Cross`}</span>
          <button
            type="button"
            className={styles.levButton}
            data-testid="leverage"
            onClick={() => setChoosing(true)}
            aria-label={t`Leverage ${lev}x, change`}
          >
            {lev}x
          </button>
        </div>
        {/* Cross margin: a liquidation can take more than one position's margin (issue 34). */}
        <p className={styles.crossNote} data-testid="cross-note">
          {t`Cross margin: your whole contract balance backs every position.`}
          {riskRate !== undefined && (
            <>
              {' '}
              <span className={styles.nowrap} data-testid="risk-rate">
                {t`Risk rate ${percent(riskRate)}`}
              </span>
            </>
          )}
        </p>
        <fieldset className={styles.types} data-testid="order-type">
          <legend className="visually-hidden">{t`Order type`}</legend>
          {(['limit', 'market'] as const).map((k) => (
            // One segment: a real radio button (arrow keys move between them), its label is the segment.
            <label key={k} data-value={k} data-testid={`type-${k}`}>
              <input
                type="radio"
                name={ids.type}
                value={k}
                checked={type === k}
                onChange={() => setType(k)}
              />
              <span>{k === 'limit' ? t`Limit` : t({ message: 'Market', context: 'order type' })}</span>
            </label>
          ))}
        </fieldset>
        {type === 'limit' ? (
          <div className={styles.field}>
            <label htmlFor={ids.price}>{t`Price (USDT)`}</label>
            <DecimalInput id={ids.price} data-testid="price-input" value={price} onChange={setPrice} />
          </div>
        ) : (
          <div className={styles.field} data-disabled="true">
            <span>{t`Price`}</span>
            <span className={styles.marketPrice}>{t`Best market price`}</span>
          </div>
        )}
        <div className={styles.field}>
          <label htmlFor={ids.lots}>{t`Lots`}</label>
          <input
            id={ids.lots}
            data-testid="lots-input"
            inputMode="numeric"
            autoComplete="off"
            value={lots}
            onChange={(e) => setLots(e.target.value.replace(/\D/g, ''))}
          />
        </div>
        <p className={styles.hint} data-testid="lot-size">
          {inst ? t`1 lot = ${fmt(inst.lotSize)} ${inst.base}` : '\u00a0'}
        </p>
        <fieldset className={styles.percents} aria-label={t`Share of the maximum lots`}>
          {PERCENTS.map((p) => (
            <button key={p} type="button" onClick={() => pickPercent(p)} disabled={!maxLots}>
              {p}%
            </button>
          ))}
        </fieldset>
        <TicketFigures
          inst={inst}
          side={side}
          available={available}
          cost={cost?.total ?? null}
          maxLots={maxLots}
        />
        <button
          type="submit"
          data-testid="submit-order"
          className={styles.submit}
          data-side={side}
          disabled={place.isPending || (loggedIn && inst?.status === 'suspended')}
        >
          {!loggedIn ? t`Log in` : side === 'long' ? t`Open long` : t`Open short`}
        </button>
      </form>
      {choosing && (
        <LeverageSheet
          max={max}
          value={lev}
          onClose={() => setChoosing(false)}
          onPick={(n) => {
            setLeverage(n)
            setChoosing(false)
          }}
        />
      )}
    </>
  )
}
