import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { memo, useId } from 'react'
import { fetchKline, marketKeys } from '@/lib/market/api'
import styles from './Spot.module.css'
import { sparklinePath } from './sparkline'

const W = 120
const H = 40

/**
 * The last 24 hours of a pair as a sparkline of 15-minute closes (the candles endpoint, refreshed
 * every minute): a glance at the trend, not a chart; the quote page has the real one. Stretches to
 * its box (the wide layout makes it the chart column). Memoised: its parent's ticks (each second)
 * do not draw the same 96 closes again.
 */
export const MiniChart = memo(function MiniChart({ symbol }: { symbol: string }) {
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
    </figure>
  )
})
