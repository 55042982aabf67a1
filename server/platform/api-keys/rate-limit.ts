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

/**
 * Takes one request from the key's window and writes what the window says as the x-ratelimit-*
 * headers, plus Retry-After when over the limit: true when the request is over (each surface
 * answers that in its own words).
 */
export function chargeKeyRate(
  keyId: string,
  reply: { header(name: string, value: number): unknown },
): boolean {
  const rate = takeKeyRate(keyId)
  reply.header('x-ratelimit-limit', rate.limit)
  reply.header('x-ratelimit-remaining', rate.remaining)
  reply.header('x-ratelimit-reset', rate.reset)
  if (rate.retryAfter === null) return false
  reply.header('retry-after', rate.retryAfter)
  return true
}
