/** Pure helpers of the option screens (unit tested). */

/** "00:42" / "1:02:05" / "2d 03:04:05"-free: seconds left as m:ss or h:mm:ss, never negative. */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const ss = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${String(m).padStart(2, '0')}:${ss}`
}

/** A rate as a percent string: "0.8" -> "80", "0.825" -> "82.5". */
export function percent(rate: string): string {
  const n = Math.round(Number(rate) * 100_000) / 1000
  return String(n)
}

/** SVG polyline points of a price series scaled into w x h (with 6 % headroom). */
export function linePoints(
  series: { t: number; p: number }[],
  w: number,
  h: number,
  from: number,
  to: number,
): { points: string; min: number; max: number; y: (p: number) => number } {
  const ps = series.map((s) => s.p)
  let min = Math.min(...ps)
  let max = Math.max(...ps)
  if (!Number.isFinite(min)) return { points: '', min: 0, max: 0, y: () => h / 2 }
  if (max === min) {
    max += Math.abs(max) * 0.0005 || 1
    min -= Math.abs(min) * 0.0005 || 1
  }
  const pad = (max - min) * 0.06
  min -= pad
  max += pad
  const y = (p: number) => h - ((p - min) / (max - min)) * h
  const x = (t: number) => ((t - from) / Math.max(1, to - from)) * w
  return {
    points: series.map((s) => `${x(s.t).toFixed(1)},${y(s.p).toFixed(1)}`).join(' '),
    min,
    max,
    y,
  }
}

/** Chips of the amount field: the minimum, then round amounts above it. */
export function amountChips(min: string): string[] {
  const m = Number(min)
  const out = [min]
  for (const c of [50, 100, 500, 1000, 5000]) if (c > m && out.length < 4) out.push(String(c))
  return out
}
