import type { IndexFeed, IndexTick } from '../feed'
import type { IndexHealth, LiveRules, SourceStatus } from '../index-health'
import type { MarketDataConfig } from './config'
import { computeIndex, type IndexRule, nextPublishAt } from './index-calc'
import { ExchangeConnection, HttpSource, type SourceSink } from './sources'

export interface LiveInstrument {
  symbol: string
  pricePrecision: number
}

type Log = {
  info(o: unknown, m?: string): void
  warn(o: unknown, m?: string): void
}

interface Source extends SourceStatus {
  factor: number
  price: number | null
}

/** How long after its second a due index waits for a source message before publishing without one. */
const PUBLISH_GRACE_MS = 250

interface Inst {
  symbol: string
  pp: number
  rule: IndexRule
  sources: Source[]
  lastPublish: number | null
  timer: ReturnType<typeof setTimeout> | null
  stale: boolean
}

/** The rules of the configured instruments that exist here, for IndexHealth.goLive. */
export function liveRules(config: MarketDataConfig, known: readonly string[]): Map<string, LiveRules> {
  const out = new Map<string, LiveRules>()
  for (const [symbol, c] of Object.entries(config.instruments))
    if (known.includes(symbol) && c.sources.length > 0)
      out.set(symbol, { staleMs: c.staleMs, minSources: c.minSources, outlierBand: c.outlierBand })
  return out
}

/**
 * The live index feed (MARKET_DATA=live): each instrument's index from its sources
 * (index-calc.ts), published at most once a second, on the first source message after that
 * second so the delay from a source to the screens stays small. A stale index publishes nothing
 * and tells IndexHealth; the console reads every source's state through it.
 */
export class LiveIndexFeed implements IndexFeed {
  private readonly insts = new Map<string, Inst>()
  /** "exchange:symbol" -> the sources (one per instrument using it). */
  private readonly bySource = new Map<string, Source[]>()
  private readonly instsOfSource = new Map<string, Inst[]>()
  private readonly connections: ExchangeConnection[] = []
  private readonly https: HttpSource[] = []
  private onTicks: ((ticks: IndexTick[]) => void) | null = null
  private sweep: ReturnType<typeof setInterval> | null = null
  /** Source messages received (the bench reads it). */
  messages = 0

  constructor(
    private readonly config: MarketDataConfig,
    instruments: readonly LiveInstrument[],
    private readonly health: IndexHealth,
    private readonly log?: Log,
    private readonly now: () => number = Date.now,
  ) {
    const known = new Map(instruments.map((i) => [i.symbol, i]))
    for (const [symbol, c] of Object.entries(config.instruments)) {
      const i = known.get(symbol)
      if (!i) {
        log?.warn({ symbol }, 'market data: configured instrument is not listed here, ignored')
        continue
      }
      const inst: Inst = {
        symbol,
        pp: i.pricePrecision,
        rule: { minSources: c.minSources, staleMs: c.staleMs, outlierBand: c.outlierBand },
        sources: [],
        lastPublish: null,
        timer: null,
        stale: true,
      }
      for (const s of c.sources) {
        const key = `${s.exchange}:${s.symbol}`
        const src: Source = {
          key,
          exchange: s.exchange,
          symbol: s.symbol,
          weight: s.weight ?? 1,
          factor: s.factor ?? 1,
          price: null,
          lastPrice: null,
          lastAt: null,
          messages: 0,
          outliers: 0,
          errors: 0,
          lastError: null,
          state: 'waiting',
          via: s.exchange === 'http' ? 'http' : 'stream',
        }
        inst.sources.push(src)
        this.bySource.set(key, [...(this.bySource.get(key) ?? []), src])
        this.instsOfSource.set(key, [...(this.instsOfSource.get(key) ?? []), inst])
      }
      if (inst.sources.length) this.insts.set(symbol, inst)
    }
    health.reportSources((symbol) =>
      (this.insts.get(symbol)?.sources ?? []).map(({ factor: _f, price: _p, ...rest }) => ({ ...rest })),
    )
  }

  private readonly sink: SourceSink = {
    quote: (exchange, symbol, price, at) => {
      const key = `${exchange}:${symbol}`
      const sources = this.bySource.get(key)
      if (!sources) return
      this.messages++
      for (const s of sources) {
        s.price = price * s.factor
        s.lastPrice = String(s.price)
        s.lastAt = at
        s.messages++
      }
      for (const inst of this.instsOfSource.get(key) ?? []) this.schedule(inst)
    },
    down: (exchange, symbols, err, via) => {
      const message = err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 300) : String(err)
      const at = this.now()
      const touched = new Set<Inst>()
      for (const symbol of symbols) {
        const key = `${exchange}:${symbol}`
        for (const s of this.bySource.get(key) ?? []) {
          s.errors++
          s.lastError = { at, message }
          // No price from a connection that is down: the index goes on from the others.
          s.price = null
        }
        for (const inst of this.instsOfSource.get(key) ?? []) touched.add(inst)
      }
      this.log?.warn({ exchange, via, err: message }, 'market data: source failed')
      for (const inst of touched) this.evaluate(inst)
    },
    via: (exchange, how) => {
      for (const list of this.bySource.values())
        for (const s of list) if (s.exchange === exchange) s.via = how
    },
  }

  /**
   * On a source message: publishes with it if the last publish is a second old. Inside the second,
   * the first message after it publishes; a timer publishes what there is when none has come
   * PUBLISH_GRACE_MS after the second (a quiet source), so a tick never waits on a timer with a
   * price up to a message interval old.
   */
  private schedule(inst: Inst): void {
    const now = this.now()
    const at = nextPublishAt(inst.lastPublish, now)
    if (at <= now) {
      if (inst.timer) clearTimeout(inst.timer)
      inst.timer = null
      this.evaluate(inst)
      return
    }
    if (inst.timer) return
    inst.timer = setTimeout(
      () => {
        inst.timer = null
        this.evaluate(inst)
      },
      at - now + PUBLISH_GRACE_MS,
    )
    inst.timer.unref?.()
  }

  private evaluate(inst: Inst): void {
    const now = this.now()
    const quotes = inst.sources.flatMap((s) =>
      s.price !== null && s.lastAt !== null
        ? [{ key: s.key, price: s.price, ts: s.lastAt, weight: s.weight }]
        : [],
    )
    const r = computeIndex(quotes, inst.rule, inst.pp, now)
    const outliers = new Set(r.outliers)
    const used = new Set(r.used)
    for (const s of inst.sources) {
      const was = s.state
      s.state = used.has(s.key)
        ? 'used'
        : outliers.has(s.key)
          ? 'outlier'
          : s.lastAt === null
            ? 'waiting'
            : 'stale'
      if (s.state === 'outlier') {
        s.outliers++
        if (was !== 'outlier')
          this.log?.warn(
            { symbol: inst.symbol, source: s.key, price: s.price },
            'market data: outlier dropped',
          )
      }
    }
    if (r.units === null) {
      if (!inst.stale)
        this.log?.warn({ symbol: inst.symbol, used: r.used.length }, 'market data: index stale')
      inst.stale = true
      this.health.markStale(inst.symbol, now)
      return
    }
    if (inst.stale) this.log?.info({ symbol: inst.symbol }, 'market data: index fresh')
    inst.stale = false
    // A sweep may find the index fresh inside the second: it publishes only on schedule.
    if (nextPublishAt(inst.lastPublish, now) > now) return
    inst.lastPublish = now
    this.onTicks?.([{ symbol: inst.symbol, ts: now, price: r.units, volume: 0 }])
  }

  start(onTicks: (ticks: IndexTick[]) => void): void {
    this.onTicks = onTicks
    const perExchange = new Map<string, Set<string>>()
    for (const inst of this.insts.values())
      for (const s of inst.sources) {
        if (s.exchange === 'http') continue
        const set = perExchange.get(s.exchange) ?? new Set<string>()
        set.add(s.symbol)
        perExchange.set(s.exchange, set)
      }
    for (const [id, symbols] of perExchange) {
      const conn = new ExchangeConnection(
        id,
        this.config.exchanges[id] ?? {},
        [...symbols],
        this.sink,
        this.config.pollMs,
      )
      this.connections.push(conn)
      conn.start().catch((err) => this.sink.down(id, [...symbols], err, 'stream'))
    }
    const seen = new Set<string>()
    for (const inst of this.insts.values())
      for (const s of inst.sources) {
        if (s.exchange !== 'http' || seen.has(s.key)) continue
        seen.add(s.key)
        const c = this.config.instruments[inst.symbol]?.sources.find(
          (x) => x.exchange === 'http' && x.symbol === s.symbol,
        )
        if (!c) continue
        const h = new HttpSource(c, this.sink, this.config.pollMs)
        this.https.push(h)
        h.start()
      }
    // Sources that fall silent make the index stale even when no message comes to say so.
    this.sweep = setInterval(() => {
      for (const inst of this.insts.values()) this.evaluate(inst)
    }, 500)
    this.sweep.unref?.()
  }

  stop(): void {
    this.onTicks = null
    if (this.sweep) clearInterval(this.sweep)
    for (const inst of this.insts.values()) if (inst.timer) clearTimeout(inst.timer)
    for (const c of this.connections) void c.stop()
    for (const h of this.https) h.stop()
  }

  /** Closes the connections and waits for them (tests, shutdown). */
  async close(): Promise<void> {
    this.stop()
    await Promise.all(this.connections.map((c) => c.stop()))
  }
}
