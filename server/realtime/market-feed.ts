import type { ErrorName } from '@common/api/errors'
import { CHANNEL_TICKERS, SOCKET_COALESCE_MS } from '@common/constants'
import { diffDepth } from '@common/market/depth-diff'
import { isPeriod, type Period } from '@common/market/periods'
import { type Candle, chartSeriesOf, type Ticker } from '@common/market/types'
import type { DepthSnapshot, PublicTrade } from '@common/spot/schema'
import type { Db } from '../db/db'
import { emptyDepth } from '../engine/books'
import type { UnitCandle } from '../market/candles'
import type { MarketData } from '../market/service'
import { engines } from '../modules/index'
import type { ContractFeed, SpotFeed } from '../platform/manifest'
import { Coalescer } from './coalescer'
import { type TickerUpdate, tickerDelta } from './ticker-delta'

const DEPTH_LEVELS = 20
const TRADES_SNAPSHOT = 30

type MarketTrades = (db: Db, symbol: string, limit: number) => Promise<PublicTrade[]>

/** How a public market channel answers a subscription (the hub joins the room, then reads it). */
export type MarketChannel =
  | { error: ErrorName }
  /** Read in the same turn as the sequence number: no message can fall between them. */
  | { snapshot: () => unknown }
  /** Read from the database after the sequence number: a message racing with it shows as a gap. */
  | { load: () => Promise<unknown> }

export interface MarketFeedDeps {
  market: MarketData
  db: Db
  spot?: SpotFeed
  contract?: ContractFeed
}

/**
 * The hub's public market channels: `tickers`, `candle:<SYMBOL>:<period>`, `depth:<SYMBOL>` and
 * `trades:<SYMBOL>` (of the engines whose feeds the hub has). Each is coalesced to one message
 * per SOCKET_COALESCE_MS and published only while someone listens.
 */
export class MarketFeed {
  private readonly tickerCoalescer: Coalescer<Ticker, Map<string, Ticker>>
  /** Every ticker as of the `tickers` channel's current sequence number (what clients hold). */
  private readonly tickerState = new Map<string, Ticker>()
  private readonly candleCoalescers = new Map<string, Coalescer<Candle, Candle>>()
  private readonly depthCoalescers = new Map<string, Coalescer<string, string>>()
  /**
   * Per `depth:` channel, the top levels as of its current sequence number (what its clients
   * hold): the subscribe snapshot, and the base of the next diff.
   */
  private readonly depthState = new Map<string, DepthSnapshot>()
  private readonly tradeCoalescers = new Map<string, Coalescer<PublicTrade[], PublicTrade[]>>()

  constructor(
    private readonly deps: MarketFeedDeps,
    private readonly out: {
      publish(room: string, ch: string, data: unknown): void
      hasMembers(room: string): boolean
    },
  ) {
    this.tickerCoalescer = new Coalescer(
      SOCKET_COALESCE_MS,
      (acc, t) => (acc ?? new Map()).set(t.symbol, t),
      (m) => this.publishTickers(m),
    )
    deps.market.on('publicTicker', this.onTicker)
    deps.market.on('candle', this.onIndexCandle)
    deps.market.on('tradeCandle', this.onTradeCandle)
    deps.spot?.on('book', this.onBook)
    deps.spot?.on('trades', this.onTrades)
    deps.contract?.on('book', this.onBook)
    deps.contract?.on('trades', this.onTrades)
  }

  /** A subscription to `ch` (null: not a market channel this hub serves). */
  channel(ch: string): MarketChannel | null {
    if (ch === CHANNEL_TICKERS)
      // Published state where there is one; a symbol never published gets all its fields next time.
      return {
        snapshot: () => this.deps.market.publicTickers().map((t) => this.tickerState.get(t.symbol) ?? t),
      }
    if (ch.startsWith('candle:')) {
      const [, symbol = '', period = ''] = ch.split(':')
      const inst = this.deps.market.instrument(symbol)
      if (!inst) return { error: 'unknownSymbol' }
      if (!isPeriod(period)) return { error: 'invalidField' }
      // The chart rule: a spot market's own trades, the index for the rest.
      if (chartSeriesOf(inst.category) === 'trades')
        return { snapshot: () => this.deps.market.currentTradeCandle(symbol, period) }
      return { snapshot: () => this.deps.market.currentCandle(symbol, period) }
    }
    if (!(ch.startsWith('depth:') || ch.startsWith('trades:')) || !(this.deps.spot || this.deps.contract))
      return null
    const [kind, symbol = ''] = ch.split(':')
    const m = this.marketOf(symbol)
    if (!m) return { error: 'unknownSymbol' }
    // Trades come from the database: the hub joins first so nothing published after the read is lost.
    if (kind === 'trades') return { load: () => m.recentTrades(this.deps.db, symbol, TRADES_SNAPSHOT) }
    return { snapshot: () => this.depthBase(symbol) }
  }

  /** The levels a `depth:` channel's clients hold (the live book when it has none yet). */
  private depthBase(symbol: string): DepthSnapshot {
    const ch = `depth:${symbol}`
    let d = this.depthState.get(ch)
    if (!d) {
      d = this.depthOf(symbol)
      this.depthState.set(ch, d)
    }
    return d
  }

  /**
   * One message per coalesced burst, carrying for each ticker only the fields that changed since
   * the channel's previous message (every field for a symbol not sent before). A subscriber's
   * snapshot is the state as of the sequence number it gets, so snapshot + messages is exact.
   */
  private publishTickers(latest: Map<string, Ticker>): void {
    const updates: TickerUpdate[] = []
    for (const t of latest.values()) {
      const d = tickerDelta(this.tickerState.get(t.symbol), t)
      if (!d) continue
      updates.push(d)
      this.tickerState.set(t.symbol, t)
    }
    if (updates.length) this.out.publish(CHANNEL_TICKERS, CHANNEL_TICKERS, updates)
  }

  private readonly onTicker = (t: Ticker) => this.tickerCoalescer.push(t)

  private readonly onIndexCandle = (symbol: string, period: Period, c: UnitCandle) => {
    const inst = this.deps.market.instrument(symbol)
    if (inst && chartSeriesOf(inst.category) === 'index') this.onCandle(symbol, period, c)
  }

  private readonly onTradeCandle = (symbol: string, period: Period, c: UnitCandle) => {
    const inst = this.deps.market.instrument(symbol)
    if (inst && chartSeriesOf(inst.category) === 'trades') this.onCandle(symbol, period, c)
  }

  private onCandle(symbol: string, period: Period, c: UnitCandle): void {
    const ch = `candle:${symbol}:${period}`
    let co = this.candleCoalescers.get(ch)
    if (!co) {
      if (!this.out.hasMembers(ch)) return
      co = new Coalescer<Candle, Candle>(
        SOCKET_COALESCE_MS,
        (_acc, k) => k,
        (k) => this.out.publish(ch, ch, k),
      )
      this.candleCoalescers.set(ch, co)
    }
    co.push(this.deps.market.wire(symbol, c))
  }

  /**
   * Depth: at most one message per 100 ms, carrying only the top levels that changed since the
   * channel's previous message (common/market/depth-diff.ts). It is built and serialised once
   * for the channel (socket.io encodes a room broadcast once), whatever the number of clients.
   */
  private readonly onBook = (symbol: string) => {
    const ch = `depth:${symbol}`
    let co = this.depthCoalescers.get(ch)
    if (!co) {
      if (!this.out.hasMembers(ch)) return
      co = new Coalescer<string, string>(
        SOCKET_COALESCE_MS,
        (_acc, s) => s,
        (s) => this.publishDepth(ch, s),
      )
      this.depthCoalescers.set(ch, co)
    }
    co.push(symbol)
  }

  private publishDepth(ch: string, symbol: string): void {
    const next = this.depthOf(symbol)
    const prev = this.depthState.get(ch)
    this.depthState.set(ch, next)
    // No base yet (nobody subscribed since the channel went idle): nobody to send a diff to.
    if (!prev) return
    const diff = diffDepth(prev, next)
    if (diff) this.out.publish(ch, ch, diff)
    // Nothing in the top levels changed: the clients' levels stay right, and so does their base.
    else this.depthState.set(ch, prev)
  }

  private depthOf(symbol: string): DepthSnapshot {
    const m = this.marketOf(symbol)
    if (!m) return emptyDepth(symbol)
    return m.feed.depth(symbol, DEPTH_LEVELS)
  }

  /**
   * The engine serving `symbol`'s `depth:` and `trades:` channels: the one whose market category
   * is the instrument's, when this hub has its feed (null: none).
   */
  private marketOf(symbol: string): { feed: SpotFeed | ContractFeed; recentTrades: MarketTrades } | null {
    const category = this.deps.market.instrument(symbol)?.category
    for (const [engine, feed] of [
      [engines.contract, this.deps.contract],
      [engines.spot, this.deps.spot],
    ] as const)
      if (feed && engine.market.category === category)
        return { feed, recentTrades: engine.market.recentTrades }
    return null
  }

  private readonly onTrades = (symbol: string, trades: PublicTrade[]) => {
    const ch = `trades:${symbol}`
    let co = this.tradeCoalescers.get(ch)
    if (!co) {
      if (!this.out.hasMembers(ch)) return
      co = new Coalescer<PublicTrade[], PublicTrade[]>(
        SOCKET_COALESCE_MS,
        (acc, list) => [...(acc ?? []), ...list],
        (list) => this.out.publish(ch, ch, list),
      )
      this.tradeCoalescers.set(ch, co)
    }
    co.push(trades)
  }

  /** Drops the coalescer of a market channel nobody listens to any more. */
  dropIdle(ch: string): void {
    if (this.depthState.has(ch) && !this.out.hasMembers(ch)) this.depthState.delete(ch)
    const co = this.candleCoalescers.get(ch)
    if (co && !this.out.hasMembers(ch)) {
      co.dispose()
      this.candleCoalescers.delete(ch)
    }
    for (const map of [this.depthCoalescers, this.tradeCoalescers] as Map<string, { dispose(): void }>[]) {
      const c = map.get(ch)
      if (c && !this.out.hasMembers(ch)) {
        c.dispose()
        map.delete(ch)
      }
    }
  }

  close(): void {
    this.deps.market.off('publicTicker', this.onTicker)
    this.deps.market.off('candle', this.onIndexCandle)
    this.deps.market.off('tradeCandle', this.onTradeCandle)
    this.deps.spot?.off('book', this.onBook)
    this.deps.spot?.off('trades', this.onTrades)
    this.deps.contract?.off('book', this.onBook)
    this.deps.contract?.off('trades', this.onTrades)
    for (const co of this.depthCoalescers.values()) co.dispose()
    this.depthState.clear()
    for (const co of this.tradeCoalescers.values()) co.dispose()
    this.tickerCoalescer.dispose()
    for (const co of this.candleCoalescers.values()) co.dispose()
  }
}
