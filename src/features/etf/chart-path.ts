/**
 * The NAV line's geometry: points (time, NAV) scaled into a w x h box with a small vertical
 * margin; a flat series sits in the middle. Numbers here only place pixels, never money.
 */
export interface ChartGeometry {
  line: string
  area: string
  min: number
  max: number
  last: { x: number; y: number } | null
}

export function chartPath(
  points: readonly { ts: number; nav: string }[],
  w: number,
  h: number,
  pad = 6,
): ChartGeometry {
  if (points.length === 0) return { line: '', area: '', min: 0, max: 0, last: null }
  const xs = points.map((p) => p.ts)
  const ys = points.map((p) => Number(p.nav))
  const x0 = Math.min(...xs)
  const x1 = Math.max(...xs)
  const min = Math.min(...ys)
  const max = Math.max(...ys)
  const sx = (t: number) => (x1 === x0 ? w : ((t - x0) / (x1 - x0)) * w)
  const sy = (v: number) => (max === min ? h / 2 : pad + (1 - (v - min) / (max - min)) * (h - 2 * pad))
  const pts = points.map((p, i) => [sx(p.ts), sy(ys[i] as number)] as const)
  if (pts.length === 1) pts.unshift([0, pts[0]?.[1] as number])
  const f = (n: number) => Math.round(n * 10) / 10
  const line = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${f(x)} ${f(y)}`).join(' ')
  const first = pts[0] as readonly [number, number]
  const lastPt = pts[pts.length - 1] as readonly [number, number]
  const area = `${line} L${f(lastPt[0])} ${h} L${f(first[0])} ${h} Z`
  return { line, area, min, max, last: { x: f(lastPt[0]), y: f(lastPt[1]) } }
}
