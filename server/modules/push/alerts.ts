import { add, div, gte, lte, mul, sub } from '@common/money/decimal'
import type { AlertKind } from '@common/push/schema'

export interface AlertBounds {
  above: string | null
  below: string | null
}

/** Where an alert fires: at or above `above`, at or below `below` (a % move has both). */
export function alertBounds(kind: AlertKind, value: string, basePrice: string): AlertBounds {
  if (kind === 'above') return { above: value, below: null }
  if (kind === 'below') return { above: null, below: value }
  const delta = div(mul(basePrice, value), '100', 18)
  return { above: add(basePrice, delta), below: sub(basePrice, delta) }
}

/** Whether a price reaches an alert's bounds. */
export function alertHit(b: AlertBounds, price: string): boolean {
  return (b.above !== null && gte(price, b.above)) || (b.below !== null && lte(price, b.below))
}
