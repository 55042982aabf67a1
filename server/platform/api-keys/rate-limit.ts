/**
 * Requests per key per minute, in fixed one-minute windows (per process). The answer carries
 * what the x-ratelimit-* headers say; `retryAfter` (s) is set when the request is over the limit.
 */
export interface KeyRate {
  limit: number
  remaining: number
  /** Seconds until the window resets. */
  reset: number
  retryAfter: number | null
}

const WINDOW_MS = 60_000
const windows = new Map<string, { start: number; count: number }>()
let limitPerMinute = 1200

export function setKeyRateLimit(perMinute: number): void {
  limitPerMinute = perMinute
}

export function takeKeyRate(keyId: string, now = Date.now()): KeyRate {
  const start = now - (now % WINDOW_MS)
  let w = windows.get(keyId)
  if (!w || w.start !== start) {
    w = { start, count: 0 }
    windows.set(keyId, w)
    if (windows.size > 50_000) for (const [k, x] of windows) if (x.start !== start) windows.delete(k)
  }
  w.count++
  const reset = Math.ceil((start + WINDOW_MS - now) / 1000)
  const over = w.count > limitPerMinute
  return {
    limit: limitPerMinute,
    remaining: Math.max(0, limitPerMinute - w.count),
    reset,
    retryAfter: over ? reset : null,
  }
}
