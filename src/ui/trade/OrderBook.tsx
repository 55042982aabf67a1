import { gt, max } from '@common/money/decimal'
import type { DepthLevel } from '@common/spot/schema'
import { useLingui } from '@lingui/react/macro'
import { memo, useDeferredValue, useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { SelectSheet } from '@/ui/SelectSheet'
import { barWidths, cumulative, groupLevels, groupSteps } from './depth-group'
import book from './OrderBook.module.css'

type BookProps = {
  bids: DepthLevel[]
  asks: DepthLevel[]
  last?: string
  rows?: number
  pricePrecision?: number
  amountPrecision?: number
  onPick?: (price: string) => void
}

const NO_LEVELS: DepthLevel[] = []

/**
 * Asks above, last price, bids below; a tap on a row hands its price to the order form. Each
 * row's bar is the cumulative amount from the spread out to that level, on one scale for both
 * sides, so the deeper side shows at a glance. The levels can be grouped by 1, 10, 100 or 1000
 * ticks of the instrument's price (the app's picker sheet).
 *
 * A new book or last price arrives from the socket as an urgent update (the query cache is an
 * external store); the book is drawn from deferred copies, so React draws it in a render it can
 * split and interrupt, not in one task per message.
 */
export const OrderBook = memo(function OrderBook(props: BookProps) {
  const bids = useDeferredValue(props.bids.length > 0 ? props.bids : NO_LEVELS)
  const asks = useDeferredValue(props.asks.length > 0 ? props.asks : NO_LEVELS)
  const last = useDeferredValue(props.last)
  return <BookView {...props} bids={bids} asks={asks} last={last} />
})

const BookView = memo(function BookView({
  bids,
  asks,
  last,
  rows = 7,
  pricePrecision,
  amountPrecision,
  onPick,
}: BookProps) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const steps = pricePrecision === undefined ? [] : groupSteps(pricePrecision)
  const [group, setGroup] = useState(0)
  const step = steps[group]
  // One tick is the book's own grain: its levels are shown as they come.
  const a = step && group > 0 ? groupLevels(asks, step, 'ask', rows) : asks.slice(0, rows)
  const b = step && group > 0 ? groupLevels(bids, step, 'bid', rows) : bids.slice(0, rows)
  const dp = pricePrecision === undefined ? undefined : Math.max(0, pricePrecision - group)
  const ac = cumulative(a)
  const bc = cumulative(b)
  const scale = max(ac[ac.length - 1] ?? '0', bc[bc.length - 1] ?? '0')
  const aw = barWidths(ac, scale)
  const bw = barWidths(bc, scale)
  const row = (l: DepthLevel, w: string, side: 'ask' | 'bid') => (
    <li key={`${side}${l.price}`}>
      <button
        type="button"
        className={book.row}
        data-side={side}
        onClick={() => onPick?.(l.price)}
        aria-label={t`Price ${l.price}, amount ${l.amount}`}
      >
        <span className={book.bar} style={{ width: `${w}%` }} aria-hidden="true" />
        <span className={book.price}>{amount(l.price, { dp })}</span>
        <span className={book.amount}>{amount(l.amount, { dp: amountPrecision })}</span>
      </button>
    </li>
  )
  const lastTrend = last && bids[0] && asks[0] ? (gt(last, bids[0].price) ? 'up' : 'down') : undefined
  return (
    <section className={book.book} aria-label={t`Order book`}>
      <div className={book.head}>
        <span>{t`Price`}</span>
        <span>{t`Amount`}</span>
      </div>
      <div className={book.group}>
        {steps.length > 0 && (
          <SelectSheet
            compact
            className={book.groupButton}
            label={t`Price grouping`}
            value={String(group)}
            options={steps.map((s, i) => ({ value: String(i), label: s }))}
            onChange={(v) => setGroup(Number(v))}
            testId="depth-group"
          />
        )}
      </div>
      <ol className={book.asks} aria-label={t`Asks`} data-testid="asks">
        {[...a.map((l, i) => row(l, aw[i] ?? '0', 'ask'))].reverse()}
        {a.length === 0 && <li className={book.empty}>--</li>}
      </ol>
      <div className={book.last} data-trend={lastTrend} data-testid="last-price">
        {last ? amount(last, { dp: pricePrecision }) : '--'}
      </div>
      <ol className={book.bids} aria-label={t`Bids`} data-testid="bids">
        {b.map((l, i) => row(l, bw[i] ?? '0', 'bid'))}
        {b.length === 0 && <li className={book.empty}>--</li>}
      </ol>
    </section>
  )
})
