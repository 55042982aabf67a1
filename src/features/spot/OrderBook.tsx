import { add, div, gt, isZero, mul } from '@common/money/decimal'
import type { DepthLevel, PublicTrade } from '@common/schemas/spot'
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { groupLevels, groupSteps } from './depth-group'
import styles from './Spot.module.css'

function widths(levels: DepthLevel[]): string[] {
  // Bar width: cumulative amount relative to the side's total.
  let acc = '0'
  const cum = levels.map((l) => {
    acc = add(acc, l.amount)
    return acc
  })
  const total = cum[cum.length - 1] ?? '0'
  return cum.map((c) => (isZero(total) ? '0' : div(mul(c, '100'), total, 2, 'down')))
}

/**
 * Asks above, last price, bids below; a tap on a row hands its price to the order form. The
 * levels can be grouped by 1, 10, 100 or 1000 ticks of the instrument's price.
 */
export function OrderBook({
  bids,
  asks,
  last,
  rows = 7,
  pricePrecision,
  amountPrecision,
  onPick,
}: {
  bids: DepthLevel[]
  asks: DepthLevel[]
  last?: string
  rows?: number
  pricePrecision?: number
  amountPrecision?: number
  onPick?: (price: string) => void
}) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const steps = pricePrecision === undefined ? [] : groupSteps(pricePrecision)
  const [group, setGroup] = useState(0)
  const step = steps[group]
  const a = (step ? groupLevels(asks, step, 'ask') : asks).slice(0, rows)
  const b = (step ? groupLevels(bids, step, 'bid') : bids).slice(0, rows)
  const dp = pricePrecision === undefined ? undefined : Math.max(0, pricePrecision - group)
  const aw = widths(a)
  const bw = widths(b)
  const row = (l: DepthLevel, w: string, side: 'ask' | 'bid') => (
    <li key={`${side}${l.price}`}>
      <button
        type="button"
        className={styles.bookRow}
        data-side={side}
        onClick={() => onPick?.(l.price)}
        aria-label={t`Price ${l.price}, amount ${l.amount}`}
      >
        <span className={styles.bar} style={{ width: `${w}%` }} aria-hidden="true" />
        <span className={styles.bookPrice}>{amount(l.price, { dp })}</span>
        <span className={styles.bookAmount}>{amount(l.amount, { dp: amountPrecision })}</span>
      </button>
    </li>
  )
  const lastTrend = last && bids[0] && asks[0] ? (gt(last, bids[0].price) ? 'up' : 'down') : undefined
  return (
    <section className={styles.book} aria-label={t`Order book`}>
      <div className={styles.bookHead}>
        <span>{t`Price`}</span>
        <span>{t`Amount`}</span>
      </div>
      {steps.length > 0 && (
        <label className={styles.bookGroup}>
          <span>{t`Group`}</span>
          <select
            value={group}
            data-testid="depth-group"
            onChange={(e) => setGroup(Number(e.currentTarget.value))}
          >
            {steps.map((s, i) => (
              <option key={s} value={i}>
                {s}
              </option>
            ))}
          </select>
        </label>
      )}
      <ol className={styles.asks} aria-label={t`Asks`} data-testid="asks">
        {[...a.map((l, i) => row(l, aw[i] ?? '0', 'ask'))].reverse()}
        {a.length === 0 && <li className={styles.bookEmpty}>--</li>}
      </ol>
      <div className={styles.bookLast} data-trend={lastTrend} data-testid="last-price">
        {last ? amount(last, { dp: pricePrecision }) : '--'}
      </div>
      <ol className={styles.bids} aria-label={t`Bids`} data-testid="bids">
        {b.map((l, i) => row(l, bw[i] ?? '0', 'bid'))}
        {b.length === 0 && <li className={styles.bookEmpty}>--</li>}
      </ol>
    </section>
  )
}

export function RecentTrades({ trades, pricePrecision }: { trades: PublicTrade[]; pricePrecision?: number }) {
  const { t } = useLingui()
  const time = useTime()
  const { amount } = useFormat()
  return (
    <section className={styles.trades} aria-label={t`Recent trades`}>
      <div className={styles.tradesHead}>
        <span>{t`Time`}</span>
        <span>{t`Price`}</span>
        <span>{t`Amount`}</span>
      </div>
      {trades.length === 0 ? (
        <p className={styles.empty}>{t`No data`}</p>
      ) : (
        <ol>
          {trades.map((tr) => (
            <li key={tr.id} className={styles.tradeRow}>
              <span>{time(tr.ts)}</span>
              <span data-side={tr.side === 'buy' ? 'bid' : 'ask'}>
                {amount(tr.price, { dp: pricePrecision })}
              </span>
              <span>{amount(tr.amount)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
