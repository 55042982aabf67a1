import { mul, round } from '@common/money/decimal'

/** A rate as a percentage text ("0.05" -> "5", "0.0003" -> "0.03"), up to `dp` places. */
export const pct = (rate: string, dp = 2): string => round(mul(rate, '100'), dp, 'half-up')

/** Time left until `at`, split for display (never negative). */
export function timeLeft(at: number, now: number): { d: number; hms: string } {
  const s = Math.max(0, Math.floor((at - now) / 1000))
  const two = (n: number) => String(n).padStart(2, '0')
  const d = Math.floor(s / 86_400)
  const r = s % 86_400
  return { d, hms: `${two(Math.floor(r / 3600))}:${two(Math.floor((r % 3600) / 60))}:${two(r % 60)}` }
}

/** Share of `part` in `whole` as a 0..100 number for a progress bar (display only). */
export function share(part: string, whole: string): number {
  const w = Number(whole)
  if (!(w > 0)) return 0
  return Math.max(0, Math.min(100, (Number(part) / w) * 100))
}
