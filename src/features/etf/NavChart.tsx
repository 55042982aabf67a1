import type { EtfRange } from '@common/etf/schema'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { TabRow } from '@/ui/TabRow'
import { navQueryOptions } from './api'
import { chartPath } from './chart-path'
import styles from './Etf.module.css'

const W = 358
const H = 150

/** The NAV line of a product from its recorded history (a light SVG, no chart library). */
export function NavChart({ code, up }: { code: string; up: boolean }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const [range, setRange] = useState<EtfRange>('1d')
  const q = useQuery(navQueryOptions(code, range))
  const grad = useId()
  const points = q.data ?? []
  const g = chartPath(points, W, H)
  const ranges: [EtfRange, string][] = [
    ['1d', t`1D`],
    ['7d', t`7D`],
    ['30d', t`30D`],
  ]
  return (
    <section className={styles.chartCard} aria-label={t`NAV chart`}>
      <TabRow
        className={styles.rangeTabs}
        tabClass={(on) => (on ? styles.rangeOn : styles.range)}
        value={range}
        options={ranges}
        onChange={setRange}
      >
        {points.length > 1 && (
          <span className={styles.rangeSpan}>
            {t`Low`} {amount(String(g.min), { dp: 4 })} · {t`High`} {amount(String(g.max), { dp: 4 })}
          </span>
        )}
      </TabRow>
      {points.length > 1 ? (
        <svg
          viewBox={`0 0 ${W} ${H}`}
          className={styles.chart}
          role="img"
          aria-label={t`Net asset value over time`}
          data-testid="nav-chart"
          preserveAspectRatio="none"
        >
          <defs>
            <linearGradient id={grad} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={up ? 'var(--up)' : 'var(--down)'} stopOpacity="0.22" />
              <stop offset="100%" stopColor={up ? 'var(--up)' : 'var(--down)'} stopOpacity="0" />
            </linearGradient>
          </defs>
          <path d={g.area} fill={`url(#${grad})`} />
          <path
            d={g.line}
            fill="none"
            stroke={up ? 'var(--up)' : 'var(--down)'}
            strokeWidth="1.6"
            vectorEffect="non-scaling-stroke"
          />
          {g.last && <circle cx={g.last.x} cy={g.last.y} r="3" fill={up ? 'var(--up)' : 'var(--down)'} />}
        </svg>
      ) : (
        <p className={styles.chartEmpty}>
          {q.isSuccess
            ? t`The NAV history starts when the product launches and builds up minute by minute.`
            : ' '}
        </p>
      )}
    </section>
  )
}
