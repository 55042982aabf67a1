import type { SpotOrder } from '@common/spot/schema'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { memo, useId } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { fetchKline, marketKeys } from '@/lib/market/api'
import { tokenAtom } from '@/lib/store'
import { openOrdersQueryOptions } from './api'
import { useTypeName } from './OrderRow'
import styles from './Spot.module.css'
import { markPosition, sparklinePath } from './sparkline'

const W = 120
const H = 40

/**
 * The signed-in user's conditional orders waiting on this pair, as dashed lines at their trigger
 * prices on the sparkline's scale, labelled with the type and the price (a trigger outside the
 * day's range is pinned to the edge it lies beyond, with an arrow). A trailing stop has no fixed
 * trigger and gets no line.
 */
function TriggerMarks({
  symbol,
  closes,
  dp,
}: {
  symbol: string
  closes: readonly string[]
  dp: number | undefined
}) {
  const { t } = useLingui()
  const { price } = useFormat()
  const typeName = useTypeName()
  const token = useAtomValue(tokenAtom)
  const open = useQuery({ ...openOrdersQueryOptions(symbol), enabled: Boolean(token) })
  const waiting = (open.data ?? []).filter(
    (o): o is SpotOrder & { triggerPrice: string } => o.status === 'waiting' && o.triggerPrice != null,
  )
  if (!token || waiting.length === 0) return null
  return (
    <ul className={styles.sparkMarks} aria-label={t`Triggers of your waiting orders`}>
      {waiting.map((o) => {
        const at = markPosition(closes, o.triggerPrice, H)
        if (!at) return null
        const arrow = at.off === 'above' ? '↑ ' : at.off === 'below' ? '↓ ' : ''
        return (
          <li
            key={o.id}
            className={styles.sparkMark}
            style={{ top: `${(at.top * 100).toFixed(2)}%` }}
            data-testid="chart-mark"
            data-side={o.side}
            data-off={at.off ?? undefined}
            data-label={at.top > 0.5 ? 'above' : 'below'}
          >
            <span>
              {arrow}
              {typeName(o.type)} {dp === undefined ? o.triggerPrice : price(o.triggerPrice, dp)}
            </span>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * The last 24 hours of a pair as a sparkline of 15-minute closes (the candles endpoint, refreshed
 * every minute): a glance at the trend, not a chart; the quote page has the real one. Stretches to
 * its box (the wide layout makes it the chart column). Memoised: its parent's ticks (each second)
 * do not draw the same 96 closes again.
 */
export const MiniChart = memo(function MiniChart({ symbol, dp }: { symbol: string; dp?: number }) {
  const { t } = useLingui()
  const gradient = useId()
  const candles = useQuery({
    queryKey: [...marketKeys.root, 'spark', symbol],
    queryFn: () => fetchKline(symbol, '15m', undefined, 96),
    staleTime: 60_000,
    refetchInterval: 60_000,
  })
  const closes = (candles.data ?? []).map((c) => c.c)
  const line = sparklinePath(closes, W, H)
  const first = Number(closes[0])
  const last = Number(closes.at(-1))
  const trend = last < first ? 'down' : 'up'
  return (
    <figure className={styles.spark} data-trend={trend} data-testid="mini-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t`Price over the last 24 hours`}
      >
        {line && (
          <>
            <defs>
              <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0" stopColor="currentColor" stopOpacity="0.22" />
                <stop offset="1" stopColor="currentColor" stopOpacity="0" />
              </linearGradient>
            </defs>
            <path d={`${line} L${W} ${H} L0 ${H} Z`} fill={`url(#${gradient})`} stroke="none" />
            <path
              d={line}
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              vectorEffect="non-scaling-stroke"
            />
          </>
        )}
      </svg>
      {line && <TriggerMarks symbol={symbol} closes={closes} dp={dp} />}
    </figure>
  )
})
