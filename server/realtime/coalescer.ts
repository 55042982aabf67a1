/**
 * Coalesces bursts of updates on one channel into at most one message per interval. Updates
 * are merged with `merge` (e.g. keep the newest ticker per symbol); the first update after a
 * quiet period goes out at once, later ones wait for the interval to end.
 */
export class Coalescer<U, M> {
  private pending: M | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  private lastSent = Number.NEGATIVE_INFINITY

  constructor(
    private readonly intervalMs: number,
    private readonly merge: (acc: M | null, update: U) => M,
    private readonly send: (message: M) => void,
    private readonly clock: {
      now(): number
      setTimeout(fn: () => void, ms: number): ReturnType<typeof setTimeout>
      clearTimeout(t: ReturnType<typeof setTimeout>): void
    } = { now: Date.now, setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (t) => clearTimeout(t) },
  ) {}

  push(update: U): void {
    this.pending = this.merge(this.pending, update)
    if (this.timer) return
    const wait = this.lastSent + this.intervalMs - this.clock.now()
    if (wait <= 0) this.fire()
    else this.timer = this.clock.setTimeout(() => this.fire(), wait)
  }

  private fire(): void {
    this.timer = null
    if (this.pending === null) return
    const m = this.pending
    this.pending = null
    this.lastSent = this.clock.now()
    this.send(m)
  }

  dispose(): void {
    if (this.timer) this.clock.clearTimeout(this.timer)
    this.timer = null
    this.pending = null
  }
}
