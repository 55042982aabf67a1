/** Time left until `at` as HH:MM:SS (never negative); funding rounds are at most 8 h apart. */
export function countdown(at: number, now: number): string {
  const s = Math.max(0, Math.floor((at - now) / 1000))
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`
}
