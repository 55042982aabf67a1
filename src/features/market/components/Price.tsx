import { gt, isNegative, isZero } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { useFormat } from '@/lib/format/use-format'
import styles from './market.module.css'

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
  value: string | undefined
  change?: string
  dp?: number
  className?: string
}) {
  const { amount, price } = useFormat()
  const prev = useRef(value)
  const el = useRef<HTMLSpanElement>(null)
  // The flash is set on the element, not in state: a tick renders the price once, not three times.
  useEffect(() => {
    const before = prev.current
    prev.current = value
    const node = el.current
    if (!node) return
    if (!before || !value || before === value) {
      delete node.dataset.flash
      return
    }
    node.dataset.flash = gt(value, before) ? 'up' : 'down'
    const id = setTimeout(() => delete node.dataset.flash, 600)
    return () => clearTimeout(id)
  }, [value])
  const trend = change === undefined || isZero(change) ? undefined : isNegative(change) ? 'down' : 'up'
  return (
    <span ref={el} className={`${styles.price} ${className ?? ''}`} data-trend={trend}>
      {value ? (dp === undefined ? amount(value) : price(value, dp)) : '--'}
    </span>
  )
}

/** The 24 h change in percent units ("-1.25"), localized ("+1,25 %" in de). */
export function Change({ value, solid }: { value: string | undefined; solid?: boolean }) {
  const { percent } = useFormat()
  if (value === undefined) return <span className={styles.change}>--</span>
  const trend = isZero(value) ? 'flat' : isNegative(value) ? 'down' : 'up'
  return (
    <span className={solid ? styles.changePill : styles.change} data-trend={trend}>
      {percent(value, { sign: 'always' })}
    </span>
  )
}

/** A market's 24 h turnover as the lists write it under the pair ("Vol 1,204,303,518"). */
export function Volume({ turnover }: { turnover: string }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  return t`Vol ${amount(turnover, { dp: 0 })}`
}
