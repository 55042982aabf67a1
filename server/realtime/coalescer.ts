export interface CoalescerClock {
  now(): number
  setTimeout(fn: () => void, ms: number): ReturnType<typeof setTimeout>
  clearTimeout(t: ReturnType<typeof setTimeout>): void
  /** Runs fn once the current turn's synchronous work is done. */
  defer(fn: () => void): void
}

const realClock: CoalescerClock = {
  now: Date.now,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (t) => clearTimeout(t),
  defer: (fn) => queueMicrotask(fn),
}

/**
 * Coalesces bursts of updates on one channel into at most one message per interval. Updates
 * are merged with `merge` (e.g. keep the newest ticker per symbol). The first update after a
 * quiet period goes out as soon as the current turn is over, so a burst pushed in one go (every
 * ticker of one index tick) is one message, not a lone first update followed by the rest an
 * interval later; later updates wait for the interval to end.
 */
export class Coalescer<U, M> {
  private pending: M | null = null
  /** A send is queued, for the end of the turn or on `timer`. */
  private scheduled = false
  private timer: ReturnType<typeof setTimeout> | null = null
  private lastSent = Number.NEGATIVE_INFINITY

  constructor(
    private readonly intervalMs: number,
    private readonly merge: (acc: M | null, update: U) => M,
    private readonly send: (message: M) => void,
    private readonly clock: CoalescerClock = realClock,
  ) {}

  push(update: U): void {
    this.pending = this.merge(this.pending, update)
    if (this.scheduled) return
    this.scheduled = true
    const wait = this.lastSent + this.intervalMs - this.clock.now()
    if (wait <= 0) this.clock.defer(this.fire)
    else this.timer = this.clock.setTimeout(this.fire, wait)
  }

  private readonly fire = (): void => {
    if (!this.scheduled) return
    this.scheduled = false
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
    this.scheduled = false
    this.pending = null
  }
}
