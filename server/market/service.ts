import { EventEmitter } from 'node:events'
import { bucketStart, isPeriod, nextBucket, type Period } from '@common/market/periods'
import {
  type Candle,
  type Instrument,
  type SeriesTicker,
  type Ticker,
  tradesHere,
} from '@common/market/types'
import { fromUnitsFixed } from '@common/money/units'
import type { PublicTrade } from '@common/spot/schema'
import { DEFAULT_TIMEZONE } from '@common/time/time'
import type { Db } from '../db/db'
import { CandleBuilder, toWire, type UnitCandle } from './candles'
import { DirtyCandles } from './dirty-candles'
import type { IndexFeed, IndexTick } from './feed'
import {
  candlesBefore,
  fromRow,
  type InstrumentRow,
  latestCandles,
  loadInstruments,
  minuteCandlesSince,
  upsertCandles,
} from './repo'
import { type SimInstrument, SimulatedIndexFeed } from './simulator'
import { TickerWindow } from './ticker'
import { flatFilled, rangeStart, TradeSeries, wireAll } from './trade-series'

export interface MarketOptions {
  tz?: string
  /** Seed of the default simulated feed. */
  seed?: string
  /** Simulated feed interval (ms). */
  tickMs?: number
  /** How often changed candles are written to the database (ms). */
  flushMs?: number
  now?: () => number
  log?: { info(o: unknown, m?: string): void; error(o: unknown, m?: string): void }
}

export interface MarketEvents {
  /** The index's 24 h figures (server-side prices: marks, loans, NAV, alerts...). */
  ticker: [SeriesTicker]
  /** What the API shows of an instrument (its own fills, and the index apart). */
  publicTicker: [Ticker]
  /** An index candle. */
  candle: [string, Period, UnitCandle]
  /** A candle of a market's own trades. */
  tradeCandle: [string, Period, UnitCandle]
  favorites: [string, string[]]
}

export function toInstrument(r: InstrumentRow): Instrument {
  return {
    symbol: r.symbol,
    category: r.category,
    base: r.base,
    quote: r.quote,
    name: r.name,
    pricePrecision: r.price_precision,
    amountPrecision: r.amount_precision,
    minAmount: r.min_amount,
    minNotional: r.min_notional,
    status: r.status,
    hot: r.hot,
    logo: `/api/logo/${r.base}.svg`,
    logoColor: r.logo_color,
    sort: r.sort,
  }
}

export function toSimInstrument(r: InstrumentRow, startPrice?: string): SimInstrument {
  return {
    symbol: r.symbol,
    // Spot and perpetual on one coin follow one index.
    underlying: r.category === 'spot' || r.category === 'perpetual' ? `${r.base}${r.quote}` : r.symbol,
    pricePrecision: r.price_precision,
    amountPrecision: r.amount_precision,
    startPrice: Number(startPrice ?? r.ref_price),
    refPrice: Number(r.ref_price),
    volatility: Number(r.volatility),
    dailyTurnover: Number(r.ref_turnover),
  }
}

/**
 * Market data of the platform: instruments, index ticks folded into live candles for every
 * period and into 24 h tickers; changed candles are flushed to the database in batches.
 * The index feed is the only thing that moves a price.
 */
export class MarketData extends EventEmitter<MarketEvents> {
  readonly tz: string
  private rows: InstrumentRow[] = []
  private readonly bySymbol = new Map<string, InstrumentRow>()
  private readonly builders = new Map<string, CandleBuilder>()
  private readonly windows = new Map<string, TickerWindow>()
  private readonly dirty = new DirtyCandles()
  /** Each market's own fills (spot and perpetual markets). */
  private readonly own: TradeSeries
  /** Whether this process stores the fills it follows (it runs the engine that made them). */
  private persistTrades = false
  private feed: IndexFeed | null = null
  private flushTimer: ReturnType<typeof setInterval> | null = null
  private flushing: Promise<void> = Promise.resolve()
  private readonly now: () => number
  /**
   * Whether this process writes candles. One process: always. A cluster: only the core that
   * leads the index feed; the others fold the same ticks into the same live candles and tickers
   * but leave the database to it.
   */
  private writer = true

  constructor(
    private readonly db: Db,
    private opts: MarketOptions = {},
  ) {
    super()
    this.setMaxListeners(0)
    this.tz = opts.tz ?? DEFAULT_TIMEZONE
    this.now = opts.now ?? Date.now
    this.own = new TradeSeries(db, this.tz)
  }

  setLog(log: NonNullable<MarketOptions['log']>): void {
    this.opts = { ...this.opts, log }
  }

  /** Reads instruments, the newest candle of every period and the last 24 h of minutes. */
  async load(): Promise<void> {
    this.rows = await loadInstruments(this.db)
    this.bySymbol.clear()
    for (const r of this.rows) {
      this.bySymbol.set(r.symbol, r)
      this.builders.set(r.symbol, new CandleBuilder(r.price_precision, r.amount_precision, this.tz))
      this.windows.set(r.symbol, new TickerWindow(r.symbol, r.price_precision, r.amount_precision))
    }
    for (const row of await latestCandles(this.db)) {
      const inst = this.bySymbol.get(row.symbol)
      if (!inst || !isPeriod(row.period)) continue
      this.builders
        .get(row.symbol)
        ?.restore(row.period, fromRow(row, inst.price_precision, inst.amount_precision))
    }
    const since = this.now() - 24 * 3600 * 1000 - 60_000
    const bySymbol = new Map<string, UnitCandle[]>()
    for (const row of await minuteCandlesSince(this.db, since)) {
      const inst = this.bySymbol.get(row.symbol)
      if (!inst) continue
      let list = bySymbol.get(row.symbol)
      if (!list) {
        list = []
        bySymbol.set(row.symbol, list)
      }
      list.push(fromRow(row, inst.price_precision, inst.amount_precision))
    }
    for (const [symbol, list] of bySymbol) this.windows.get(symbol)?.load(list)
    await this.own.load(
      this.rows.filter((r) => tradesHere(r.category)),
      this.now(),
    )
    // A market idle for over a day still has a last price: its newest stored minute.
    for (const [symbol, b] of this.builders) {
      const w = this.windows.get(symbol)
      const m = b.get('1m')
      if (w && m && w.lastPrice() === null) w.load([m])
    }
  }

  /** Instruments for the simulator, each starting from its last stored price. */
  simInstruments(): SimInstrument[] {
    return this.rows.map((r) => {
      const last = this.windows.get(r.symbol)?.lastPrice()
      return toSimInstrument(
        r,
        last === null || last === undefined ? undefined : fromUnitsFixed(last, r.price_precision),
      )
    })
  }

  /** The seeded simulator, from the last prices this process has seen. */
  simulatedFeed(): IndexFeed {
    return new SimulatedIndexFeed({
      // The start time joins the seed so a restart does not replay the same moves.
      seed: `${this.opts.seed ?? 'open-exchange'}:${this.now()}`,
      instruments: this.simInstruments(),
      tickMs: this.opts.tickMs ?? 1000,
      now: this.now,
    })
  }

  /** Starts the index feed (the seeded simulator unless another feed is given) and the flusher. */
  start(feed?: IndexFeed): void {
    this.feed = feed ?? this.simulatedFeed()
    this.feed.start((ticks) => this.onTicks(ticks))
    this.flushTimer = setInterval(() => void this.flush(), this.opts.flushMs ?? 2000)
    this.flushTimer.unref?.()
  }

  /** Cluster: whether this process writes candles (see `writer`). */
  setWriter(on: boolean): void {
    this.writer = on
  }

  /**
   * Cluster: replaces the running feed (a core that becomes the index leader goes from the ticks
   * the previous leader published to its own simulator, which starts from the last prices seen).
   */
  switchFeed(feed: IndexFeed): void {
    this.feed?.stop()
    this.feed = feed
    feed.start((ticks) => this.onTicks(ticks))
  }

  onTicks(ticks: readonly IndexTick[]): void {
    for (const tick of ticks) {
      const inst = this.bySymbol.get(tick.symbol)
      const builder = this.builders.get(tick.symbol)
      const window = this.windows.get(tick.symbol)
      if (!inst || !builder || !window) continue
      const updates = builder.tick(tick.ts, tick.price, tick.volume)
      for (const u of updates) {
        this.dirty.mark(tick.symbol, u.period, u.candle, inst)
        if (u.period === '1m') window.update(u.candle, tick.ts)
        this.emit('candle', tick.symbol, u.period, u.candle)
      }
      if (updates.length) {
        const t = window.snapshot(tick.ts)
        if (t) this.emit('ticker', t)
        const p = this.publicTicker(tick.symbol)
        if (p) this.emit('publicTicker', p)
      }
    }
  }

  /**
   * Follows an engine's fills (its `trades` events) into its markets' own figures. `persist`:
   * this process runs the engine, so it stores them too (a gateway only mirrors a core's).
   */
  followTrades(
    feed: { on(e: 'trades', f: (symbol: string, trades: PublicTrade[]) => void): unknown },
    persist: boolean,
  ): void {
    if (persist) this.persistTrades = true
    feed.on('trades', (symbol, trades) => this.recordTrades(symbol, trades))
  }

  /** Fills of one market, as its engine reported them after they committed. */
  recordTrades(symbol: string, trades: readonly PublicTrade[]): void {
    const inst = this.bySymbol.get(symbol)
    if (!inst || !this.own.has(symbol) || trades.length === 0) return
    for (const u of this.own.record(inst, trades)) this.emit('tradeCandle', symbol, u.period, u.candle)
    const p = this.publicTicker(symbol)
    if (p) this.emit('publicTicker', p)
  }

  /** Writes changed candles; serialised so two flushes never race. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      try {
        await this.own.flush(this.persistTrades)
      } catch (err) {
        this.opts.log?.error({ err }, 'trade candle flush failed')
      }
      if (this.dirty.size === 0) return
      const rows = this.dirty.take()
      if (!this.writer) return
      try {
        await upsertCandles(this.db, rows)
      } catch (err) {
        this.dirty.restore(rows)
        this.opts.log?.error({ err }, 'candle flush failed')
      }
    })
    return this.flushing
  }

  async stop(): Promise<void> {
    this.feed?.stop()
    this.feed = null
    if (this.flushTimer) clearInterval(this.flushTimer)
    this.flushTimer = null
    await this.flush()
  }

  instruments(): Instrument[] {
    return this.rows.map(toInstrument)
  }

  instrument(symbol: string): InstrumentRow | undefined {
    return this.bySymbol.get(symbol)
  }

  /** The index's 24 h figures: the server's reference price (not what a market traded at). */
  ticker(symbol: string): SeriesTicker | null {
    return this.windows.get(symbol)?.snapshot(this.now()) ?? null
  }

  /**
   * What the API shows of an instrument: a market's own fills (no fill yet: no price and no
   * volume), or the index's price with no volume for an instrument with no market here; the
   * index apart in `index`.
   */
  publicTicker(symbol: string): Ticker | null {
    const now = this.now()
    const idx = this.windows.get(symbol)?.snapshot(now)
    if (!idx) return null
    if (!this.own.has(symbol)) return { ...idx, volume: '0', turnover: '0', index: idx.last }
    const own = this.own.ticker(symbol, now)
    if (own) return { ...own, index: idx.last, ts: Math.max(own.ts, idx.ts) }
    return {
      symbol,
      last: null,
      open: null,
      high: null,
      low: null,
      change: '0.00',
      volume: '0',
      turnover: '0',
      index: idx.last,
      ts: idx.ts,
    }
  }

  publicTickers(): Ticker[] {
    const out: Ticker[] = []
    for (const r of this.rows) {
      const t = this.publicTicker(r.symbol)
      if (t) out.push(t)
    }
    return out
  }

  /** The live candle of a period, if any. */
  currentCandle(symbol: string, period: Period): Candle | null {
    const inst = this.bySymbol.get(symbol)
    const c = this.builders.get(symbol)?.get(period)
    return inst && c ? toWire(c, inst.price_precision, inst.amount_precision) : null
  }

  /** Candles of a period not yet written to the database, plus the live one, oldest first. */
  unflushed(symbol: string, period: Period): Candle[] {
    const inst = this.bySymbol.get(symbol)
    if (!inst) return []
    const map = new Map<number, UnitCandle>()
    for (const r of this.dirty.values())
      if (r.symbol === symbol && r.period === period) map.set(r.candle.t, r.candle)
    const live = this.builders.get(symbol)?.get(period)
    if (live) map.set(live.t, live)
    return [...map.values()]
      .sort((a, b) => a.t - b.t)
      .map((c) => toWire(c, inst.price_precision, inst.amount_precision))
  }

  /** The live candle of a market's own trades, if it ever traded. */
  currentTradeCandle(symbol: string, period: Period): Candle | null {
    const inst = this.bySymbol.get(symbol)
    const c = this.own.current(symbol, period)
    return inst && c ? toWire(c, inst.price_precision, inst.amount_precision) : null
  }

  /**
   * A market's chart from its own trades: the `limit` periods before `to` (default: up to the
   * current one), each period without a trade flat at the last price; none before its first trade.
   */
  async tradeCandles(
    symbol: string,
    period: Period,
    to: number | undefined,
    limit: number,
  ): Promise<Candle[]> {
    const inst = this.bySymbol.get(symbol)
    if (!inst) return []
    const end = to ?? nextBucket(bucketStart(this.now(), period, this.tz), period, this.tz)
    const from = rangeStart(end - 1, period, this.tz, limit)
    const fromDb = (rows: Awaited<ReturnType<typeof candlesBefore>>) =>
      rows.map((r) => fromRow(r, inst.price_precision, inst.amount_precision))
    const inRange = new Map<number, UnitCandle>()
    for (const c of fromDb(await candlesBefore(this.db, symbol, period, end, limit, 'trade_candle')))
      if (c.t >= from) inRange.set(c.t, c)
    for (const [t, c] of this.own.unflushed(symbol, period)) if (t >= from && t < end) inRange.set(t, c)
    const before = fromDb(await candlesBefore(this.db, symbol, period, from, 1, 'trade_candle'))[0] ?? null
    return wireAll(flatFilled(inRange, before, period, this.tz, from, end), inst)
  }

  wire(symbol: string, c: UnitCandle): Candle {
    const inst = this.bySymbol.get(symbol) as InstrumentRow
    return toWire(c, inst.price_precision, inst.amount_precision)
  }
}
