/**
 * Whether each instrument's index is fresh, readable by everyone holding the market data
 * (`market.health`): the products that must not act on an old price (perpetual opens,
 * liquidation, TP/SL, funding, option rounds, the house market makers), the console's
 * market-data page, and metrics (`exchange_index_age_seconds{symbol}` from `ageMs`).
 *
 * Demo mode (the simulator): every index is fresh. Live mode: an instrument without a live
 * source is always stale; one with sources is stale when the live feed says so (fewer fresh
 * sources than its minimum) or when no index came for longer than its staleMs (what a process
 * that only receives the leader's ticks can tell). Nothing here can be set from outside the
 * feed: there is no endpoint that writes it.
 */

export type MarketDataMode = 'demo' | 'live'

/** The live feed publishes an index at most this often (index-calc.ts nextPublishAt). */
const PUBLISH_INTERVAL_MS = 1000

export interface SourceStatus {
  /** "exchange:symbol" (or "http:name"). */
  key: string
  exchange: string
  symbol: string
  weight: number
  lastPrice: string | null
  /** When its last price came (ms), null before the first. */
  lastAt: number | null
  messages: number
  /** Times this source was dropped as an outlier. */
  outliers: number
  /** Errors of its connection (streaming or polling). */
  errors: number
  lastError: { at: number; message: string } | null
  /** How it counted at the last evaluation. */
  state: 'used' | 'stale' | 'outlier' | 'waiting'
  /** How it is read now: streaming, REST polling, or HTTP JSON polling. */
  via: 'stream' | 'poll' | 'http'
}

export interface InstrumentIndexStatus {
  symbol: string
  /** none: live mode and no live source configured (the market cannot trade). */
  state: 'fresh' | 'stale' | 'none'
  lastPublishAt: number | null
  staleSince: number | null
  minSources: number
  staleMs: number
  outlierBand: number
  sources: SourceStatus[]
}

export interface LiveRules {
  staleMs: number
  minSources: number
  outlierBand: number
}

interface State {
  lastTickAt: number | null
  /** Set by the live feed when the index went stale; cleared by the next index tick. */
  staleAt: number | null
}

export class IndexHealth {
  private modeValue: MarketDataMode = 'demo'
  private readonly rules = new Map<string, LiveRules>()
  private readonly state = new Map<string, State>()
  private sourcesOf: (symbol: string) => SourceStatus[] = () => []
  /** Option rounds wait this long after delivery for a fresh index, then are refunded (ms). */
  optionWaitMs = 60_000
  /** A funding time waits this long for a fresh index, then that interval is skipped (ms). */
  fundingWaitMs = 3_600_000

  constructor(private readonly now: () => number = Date.now) {}

  get mode(): MarketDataMode {
    return this.modeValue
  }

  /** Live mode with these instruments' rules (the others have no live source). */
  goLive(rules: Map<string, LiveRules>, waits: { optionWaitMs: number; fundingWaitMs: number }): void {
    this.modeValue = 'live'
    this.rules.clear()
    for (const [s, r] of rules) this.rules.set(s, r)
    this.optionWaitMs = waits.optionWaitMs
    this.fundingWaitMs = waits.fundingWaitMs
  }

  /** The live feed of this process tells where each instrument's source details come from. */
  reportSources(fn: (symbol: string) => SourceStatus[]): void {
    this.sourcesOf = fn
  }

  private entry(symbol: string): State {
    let s = this.state.get(symbol)
    if (!s) {
      s = { lastTickAt: null, staleAt: null }
      this.state.set(symbol, s)
    }
    return s
  }

  /** An index tick was folded into the market data (every process sees these). */
  onTick(symbol: string, ts: number): void {
    const s = this.entry(symbol)
    s.lastTickAt = Math.max(s.lastTickAt ?? 0, ts)
    s.staleAt = null
  }

  /** The live feed found the index stale (fewer fresh sources than the minimum). */
  markStale(symbol: string, at = this.now()): void {
    const s = this.entry(symbol)
    if (s.staleAt === null) s.staleAt = at
  }

  /** Whether the instrument has a live source at all (always true in demo mode). */
  hasSource(symbol: string): boolean {
    return this.modeValue === 'demo' || this.rules.has(symbol)
  }

  isStale(symbol: string, now = this.now()): boolean {
    if (this.modeValue === 'demo') return false
    const rule = this.rules.get(symbol)
    if (!rule) return true
    const s = this.state.get(symbol)
    if (!s || s.lastTickAt === null || s.staleAt !== null) return true
    // Ticks come at most once a second: one interval of slack before silence counts as stale.
    return now - s.lastTickAt > rule.staleMs + PUBLISH_INTERVAL_MS
  }

  /** Milliseconds since the last index tick (null before the first). */
  ageMs(symbol: string, now = this.now()): number | null {
    const t = this.state.get(symbol)?.lastTickAt
    return t === null || t === undefined ? null : Math.max(0, now - t)
  }

  /** Since when the index is stale (null: fresh, or never had one). */
  staleSince(symbol: string, now = this.now()): number | null {
    if (!this.isStale(symbol, now)) return null
    const s = this.state.get(symbol)
    if (!s) return null
    if (s.staleAt !== null) return s.staleAt
    const rule = this.rules.get(symbol)
    return s.lastTickAt !== null && rule ? s.lastTickAt + rule.staleMs + PUBLISH_INTERVAL_MS : null
  }

  status(symbol: string, now = this.now()): InstrumentIndexStatus {
    const rule = this.rules.get(symbol)
    const state = !this.hasSource(symbol) ? 'none' : this.isStale(symbol, now) ? 'stale' : 'fresh'
    return {
      symbol,
      state,
      lastPublishAt: this.state.get(symbol)?.lastTickAt ?? null,
      staleSince: this.staleSince(symbol, now),
      minSources: rule?.minSources ?? 0,
      staleMs: rule?.staleMs ?? 0,
      outlierBand: rule?.outlierBand ?? 0,
      sources: this.modeValue === 'live' ? this.sourcesOf(symbol) : [],
    }
  }

  /** Symbols stale now, of those asked about. */
  staleOf(symbols: readonly string[], now = this.now()): string[] {
    return symbols.filter((s) => this.isStale(s, now))
  }
}

/** What indexHealth needs of the market data: its ticker events (one per index tick). */
export interface HealthSource {
  on(event: 'ticker', fn: (t: { symbol: string; ts: number }) => void): unknown
}

const healths = new WeakMap<object, IndexHealth>()

/**
 * The index health of a market data object: the live one it was opened with (openMarket,
 * MARKET_DATA=live), else demo mode (always fresh). Every index tick marks its instrument fresh.
 */
export function indexHealth(market: HealthSource): IndexHealth {
  let h = healths.get(market)
  if (!h) {
    h = new IndexHealth()
    attachHealth(market, h)
  }
  return h
}

/** Binds a health to a market data object (its ticks keep it current). */
export function attachHealth(market: HealthSource, h: IndexHealth): void {
  healths.set(market, h)
  market.on('ticker', (t) => h.onTick(t.symbol, t.ts))
}
