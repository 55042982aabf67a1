/** The loan area's clock: the wall clock plus an offset that only the dev routes set (never in production). */
let clockOffsetMs = 0
export const loanNow = (): number => Date.now() + clockOffsetMs
export function setLoanClock(offsetMs: number): void {
  clockOffsetMs = offsetMs
}
