import type { Instrument } from '@common/market/types'
import { gt, isNegative, isZero } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { type RefObject, useEffect, useRef } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { useTickerPaint } from '@/lib/market/use-ticker-paint'
import styles from './Price.module.css'

/** The classes of the live figures, for rows that paint them with useListFigures. */
export const figureClass = { price: styles.price, change: styles.change, changePill: styles.changePill }

const FLASH_MS = 600
/** A price's colour follows the 24 h change. */
const priceTrend = (change: string | undefined) =>
  change === undefined || isZero(change) ? undefined : isNegative(change) ? 'down' : 'up'
const changeTrend = (value: string) => (isZero(value) ? 'flat' : isNegative(value) ? 'down' : 'up')

/**
 * Flashes a price up or down for a moment when it ticks. The flash is set on the element, not in
 * state: a tick renders (or paints) the price once, not three times. Returns the timer's cleanup.
 */
function flash(node: HTMLElement, before: string | undefined, value: string | null | undefined) {
  if (!before || !value || before === value) return undefined
  node.dataset.flash = gt(value, before) ? 'up' : 'down'
  const id = setTimeout(() => delete node.dataset.flash, FLASH_MS)
  return () => {
    clearTimeout(id)
    delete node.dataset.flash
  }
}

/**
 * A live price: coloured by the 24 h change, flashing up or down when it ticks. `dp` is the
 * instrument's price precision: every list shows prices at it, trailing zeros included.
 */
export function Price({
  value,
  change,
  dp,
  className,
}: {
  /** null or undefined: no price (a market that has not traded shows --). */
  value: string | null | undefined
  change?: string
  dp?: number
  className?: string
}) {
  const { amount, price } = useFormat()
  const prev = useRef(value)
  const el = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    const before = prev.current
    prev.current = value
    return el.current ? flash(el.current, before ?? undefined, value) : undefined
  }, [value])
  return (
    <span ref={el} className={`${styles.price} ${className ?? ''}`} data-trend={priceTrend(change)}>
      {value ? (dp === undefined ? amount(value) : price(value, dp)) : '--'}
    </span>
  )
}

/** The 24 h change in percent units ("-1.25"), localized ("+1,25 %" in de). */
export function Change({ value, solid }: { value: string | undefined; solid?: boolean }) {
  const { percent } = useFormat()
  if (value === undefined) return <span className={styles.change}>--</span>
  return (
    <span className={solid ? styles.changePill : styles.change} data-trend={changeTrend(value)}>
      {percent(value, { sign: 'always' })}
    </span>
  )
}

const setText = (node: HTMLElement, text: string) => {
  if (node.textContent !== text) node.textContent = text
}
const setTrend = (node: HTMLElement, trend: string | undefined) => {
  if (trend === undefined) delete node.dataset.trend
  else if (node.dataset.trend !== trend) node.dataset.trend = trend
}

/**
 * A list row's live figures, painted into its elements on each tick rather than rendered (see
 * useTickerPaint): the price (coloured and flashing like Price), the change (like Change) and
 * the 24 h turnover ("Vol 1,204,303,518", the market's name until the ticker is known). The row
 * renders the elements empty with these refs and the figureClass classes. `volume` writes the
 * turnover in a form of the caller's (the market list's short "Vol 1.18B"); all digits otherwise.
 */
export function useListFigures(
  i: Instrument,
  onScreen?: RefObject<boolean>,
  volume?: (turnover: string) => string,
) {
  const { t } = useLingui()
  const { amount, price, percent } = useFormat()
  const price$ = useRef<HTMLSpanElement>(null)
  const change$ = useRef<HTMLSpanElement>(null)
  const volume$ = useRef<HTMLElement>(null)
  const last = useRef<string | undefined>(undefined)
  const stopFlash = useRef<(() => void) | undefined>(undefined)
  useEffect(() => () => stopFlash.current?.(), [])
  useTickerPaint(
    i.symbol,
    (tk) => {
      const p = price$.current
      if (p) {
        setText(p, tk?.last ? price(tk.last, i.pricePrecision) : '--')
        setTrend(p, priceTrend(tk?.change))
        if (tk?.last !== last.current) {
          stopFlash.current?.()
          stopFlash.current = flash(p, last.current, tk?.last)
          last.current = tk?.last ?? undefined
        }
      }
      const c = change$.current
      if (c) {
        setText(c, tk ? percent(tk.change, { sign: 'always' }) : '--')
        setTrend(c, tk ? changeTrend(tk.change) : undefined)
      }
      const v = volume$.current
      if (v) setText(v, tk ? t`Vol ${volume ? volume(tk.turnover) : amount(tk.turnover, { dp: 0 })}` : i.name)
    },
    onScreen,
  )
  return { price: price$, change: change$, volume: volume$ }
}
