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
