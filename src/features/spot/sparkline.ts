/**
 * The SVG path of a sparkline: closes (decimal strings, oldest first) spread over `width`, the
 * lowest at the bottom and the highest at the top of `height` with `pad` pixels spare. Pixels
 * only: the numbers are never shown, so plain floats are fine here. Fewer than two closes draw
 * nothing; a flat series is a line through the middle.
 */
export function sparklinePath(closes: readonly string[], width: number, height: number, pad = 2): string {
  const ys = closes.map(Number).filter((n) => Number.isFinite(n))
  if (ys.length < 2) return ''
  const lo = Math.min(...ys)
  const hi = Math.max(...ys)
  const span = hi - lo
  const inner = height - 2 * pad
  const step = width / (ys.length - 1)
  const round = (n: number) => Math.round(n * 10) / 10
  return ys
    .map((y, i) => {
      const py = span === 0 ? height / 2 : pad + inner - ((y - lo) / span) * inner
      return `${i === 0 ? 'M' : 'L'}${round(i * step)} ${round(py)}`
    })
    .join(' ')
}

/**
 * Where a price line sits on the sparkline of these closes, as a fraction of `height` from the
 * top (the same scale as sparklinePath), and whether it lies off the chart: a price above the
 * highest close is pinned to the top edge ('above'), one below the lowest to the bottom. Null
 * when the sparkline draws nothing.
 */
export function markPosition(
  closes: readonly string[],
  price: string,
  height: number,
  pad = 2,
): { top: number; off: 'above' | 'below' | null } | null {
  const ys = closes.map(Number).filter((n) => Number.isFinite(n))
  const p = Number(price)
  if (ys.length < 2 || !Number.isFinite(p)) return null
  const lo = Math.min(...ys)
  const hi = Math.max(...ys)
  const inner = height - 2 * pad
  if (p > hi) return { top: 0, off: 'above' }
  if (p < lo) return { top: 1, off: 'below' }
  const span = hi - lo
  const py = span === 0 ? height / 2 : pad + inner - ((p - lo) / span) * inner
  return { top: py / height, off: null }
}
