import type { OptionOrder } from '@common/option/schema'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { ticksQueryOptions } from './api'
import styles from './Option.module.css'
import { linePoints } from './view'

/**
 * The index over the last 3 minutes: the recorded ticks, then the live price once a second, with
 * the open prices of the user's options on this pair as dashed lines.
 */
export function IndexChart({
  symbol,
  live,
  now,
  opens,
  pp,
}: {
  symbol: string
  live: string | null
  now: number
  opens: OptionOrder[]
  /** The instrument's price precision, for the axis figures. */
  pp: number
}) {
  const { t } = useLingui()
  const { amount: fmt } = useFormat()
  const ticks = useQuery(ticksQueryOptions(symbol))
  const [series, setSeries] = useState<{ t: number; p: number }[]>([])
  useEffect(() => {
    if (ticks.data) setSeries(ticks.data.map((x) => ({ t: x.t, p: Number(x.p) })))
  }, [ticks.data])
  useEffect(() => {
    if (!live) return
    setSeries((s) => {
      const ts = Math.floor(Date.now() / 1000) * 1000
      const last = s[s.length - 1]
      const next =
        last && last.t === ts
          ? [...s.slice(0, -1), { t: ts, p: Number(live) }]
          : [...s, { t: ts, p: Number(live) }]
      return next.filter((x) => x.t >= ts - 180_000)
    })
  }, [live])
  const W = 366
  const H = 150
  const from = now - 180_000
  const shown = series.filter((x) => x.t >= from)
  const line = linePoints(shown, W, H, from, now)
  const lastPoint = shown[shown.length - 1]
  const openLines = [...new Set(opens.map((o) => o.openPrice).filter((p): p is string => p !== null))]
  return (
    <figure className={styles.chart} aria-label={t`Index price, last 3 minutes`} data-testid="option-chart">
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-hidden="true">
        <defs>
          <linearGradient id="option-fill" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0" stopColor="var(--brand)" stopOpacity="0.28" />
            <stop offset="1" stopColor="var(--brand)" stopOpacity="0" />
          </linearGradient>
        </defs>
        {line.points && (
          <>
            <polygon
              points={`${line.points} ${(((lastPoint?.t ?? now) - from) / (now - from)) * W},${H} ${(((shown[0]?.t ?? from) - from) / (now - from)) * W},${H}`}
              fill="url(#option-fill)"
            />
            <polyline
              points={line.points}
              fill="none"
              stroke="var(--brand)"
              strokeWidth="1.6"
              vectorEffect="non-scaling-stroke"
            />
          </>
        )}
        {openLines.map((p) => (
          <line
            key={p}
            x1="0"
            x2={W}
            y1={line.y(Number(p))}
            y2={line.y(Number(p))}
            stroke="var(--text-3)"
            strokeDasharray="4 4"
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
      {line.points && (
        <figcaption className={styles.axis}>
          <span>{fmt(String(line.max), { dp: pp, mode: 'half-up' })}</span>
          <span>{fmt(String(line.min), { dp: pp, mode: 'half-up' })}</span>
        </figcaption>
      )}
    </figure>
  )
}
