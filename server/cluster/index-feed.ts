import * as v from 'valibot'
import type { IndexFeed, IndexTick } from '../market/feed'
import { K, type Redis } from './redis'

const ticksSchema = v.array(
  v.object({
    symbol: v.string(),
    ts: v.number(),
    price: v.pipe(v.number(), v.integer()),
    volume: v.pipe(v.number(), v.integer()),
  }),
)

/**
 * The index as gateways and non-leading cores see it: the ticks the leading core publishes, so
 * every process folds the same ticks into the same tickers and candles (the feed is the only
 * thing that moves a price).
 */
export class RemoteIndexFeed implements IndexFeed {
  private started = false

  constructor(private readonly sub: Redis) {}

  start(onTicks: (ticks: IndexTick[]) => void): void {
    this.started = true
    void this.sub.subscribe(K.index, (raw) => {
      if (!this.started) return
      try {
        onTicks(v.parse(ticksSchema, JSON.parse(raw)))
      } catch {
        // A malformed message moves no price.
      }
    })
  }

  stop(): void {
    this.started = false
    void this.sub.unsubscribe(K.index).catch(() => undefined)
  }
}

/** The leader's feed: its own source (the simulator), each batch also published to the others. */
export class PublishingFeed implements IndexFeed {
  constructor(
    private readonly inner: IndexFeed,
    private readonly redis: Redis,
  ) {}

  start(onTicks: (ticks: IndexTick[]) => void): void {
    this.inner.start((ticks) => {
      onTicks(ticks)
      void this.redis.publish(K.index, JSON.stringify(ticks)).catch(() => undefined)
    })
  }

  stop(): void {
    this.inner.stop()
  }
}
