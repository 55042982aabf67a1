import type { SourceConfig } from './config'

/**
 * The connections to the sources: one ccxt client per exchange (ccxt.pro streams every symbol of
 * that exchange over its one WebSocket with watchTickers; REST fetchTickers polling when the
 * stream fails or the exchange does not stream), and plain HTTP JSON documents polled. Each price
 * is handed on with the time it was received; errors with the exchange they belong to.
 */

export interface SourceSink {
  quote(exchange: string, symbol: string, price: number, at: number): void
  /** A connection failed: its sources have no current price until it is back. */
  down(exchange: string, symbols: readonly string[], err: unknown, via: 'stream' | 'poll' | 'http'): void
  /** The exchange is read by this means now. */
  via(exchange: string, how: 'stream' | 'poll'): void
}

interface Ticker {
  symbol: string
  last?: number
  bid?: number
  ask?: number
}

interface CcxtClient {
  has: Record<string, unknown>
  tickers?: Record<string, Ticker>
  loadMarkets(): Promise<unknown>
  watchTickers?(symbols: string[]): Promise<Record<string, Ticker>>
  watchTicker?(symbol: string): Promise<Ticker>
  fetchTickers?(symbols: string[]): Promise<Record<string, Ticker>>
  fetchTicker(symbol: string): Promise<Ticker>
  close?(): Promise<void>
  loadHttpProxyAgent?(): Promise<unknown>
}

/** The price of a ticker: its last trade, else the middle of bid and ask. */
export function tickerPrice(t: Ticker): number | null {
  if (typeof t.last === 'number' && t.last > 0) return t.last
  if (typeof t.bid === 'number' && typeof t.ask === 'number' && t.bid > 0 && t.ask > 0)
    return (t.bid + t.ask) / 2
  return null
}

/** A number at a dotted path of a JSON document ("data.0.price"). */
export function pick(doc: unknown, path: string): number | null {
  let cur: unknown = doc
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return null
    cur = (cur as Record<string, unknown>)[part]
  }
  const n = typeof cur === 'string' ? Number(cur) : cur
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null
}

const sleep = (ms: number, alive: () => boolean) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms)
    t.unref?.()
    if (!alive()) resolve()
  })

export class ExchangeConnection {
  private running = false
  private client: CcxtClient | null = null

  constructor(
    readonly id: string,
    private readonly options: Record<string, unknown>,
    private readonly symbols: string[],
    private readonly sink: SourceSink,
    private readonly pollMs: number,
  ) {}

  async start(): Promise<void> {
    this.running = true
    const ccxt = (await import('ccxt')).default as unknown as {
      pro: Record<string, new (o: unknown) => CcxtClient>
      [id: string]: unknown
    }
    const Pro = ccxt.pro[this.id]
    const Rest = ccxt[this.id] as (new (o: unknown) => CcxtClient) | undefined
    const Ctor = Pro ?? Rest
    if (!Ctor) throw new Error(`MARKET_DATA_CONFIG: "${this.id}" is not a ccxt exchange id`)
    this.client = new Ctor({ enableRateLimit: true, ...this.options })
    // ccxt wants its plain HTTP agent loaded before it opens a ws:// (not wss://) address.
    await this.client.loadHttpProxyAgent?.()
    void this.loop(Boolean(Pro))
  }

  private alive = () => this.running

  private async loop(canStream: boolean): Promise<void> {
    const c = this.client as CcxtClient
    let failures = 0
    while (this.running) {
      try {
        await c.loadMarkets()
        if (canStream && (c.has.watchTickers || c.has.watchTicker)) {
          this.sink.via(this.id, 'stream')
          await this.stream(c)
        } else {
          this.sink.via(this.id, 'poll')
          await this.pollOnce(c)
          await sleep(this.pollMs, this.alive)
        }
        failures = 0
      } catch (err) {
        if (!this.running) return
        failures++
        this.sink.down(this.id, this.symbols, err, 'stream')
        // The fallback: REST polling while the stream is down, then the stream is tried again.
        this.sink.via(this.id, 'poll')
        const until = Date.now() + Math.min(30_000, 1000 * 2 ** Math.min(failures, 5))
        while (this.running && Date.now() < until) {
          try {
            await c.loadMarkets()
            await this.pollOnce(c)
          } catch (e) {
            this.sink.down(this.id, this.symbols, e, 'poll')
          }
          await sleep(Math.min(this.pollMs, Math.max(0, until - Date.now())), this.alive)
        }
      }
    }
  }

  /** Streams until the connection fails (throws). */
  private async stream(c: CcxtClient): Promise<void> {
    if (c.has.watchTickers && c.watchTickers) {
      const watch = c.watchTickers.bind(c)
      // ccxt keeps every symbol's latest ticker in `tickers` (a new object per message): after
      // each wake-up, every ticker that changed is read, so updates that arrive between two
      // calls are not lost.
      const seen = new Map<string, Ticker>()
      while (this.running) {
        const tickers = await watch(this.symbols)
        const at = Date.now()
        const all = c.tickers ?? tickers
        for (const s of this.symbols) {
          const t = all[s]
          if (t && seen.get(s) !== t) {
            seen.set(s, t)
            this.emit(t, at)
          }
        }
      }
      return
    }
    const watchOne = (c.watchTicker as (s: string) => Promise<Ticker>).bind(c)
    await Promise.all(
      this.symbols.map(async (s) => {
        while (this.running) this.emit(await watchOne(s), Date.now())
      }),
    )
  }

  private async pollOnce(c: CcxtClient): Promise<void> {
    if (c.has.fetchTickers && c.fetchTickers) {
      const tickers = await c.fetchTickers(this.symbols)
      const at = Date.now()
      for (const t of Object.values(tickers)) this.emit(t, at)
      return
    }
    for (const s of this.symbols) this.emit(await c.fetchTicker(s), Date.now())
  }

  private emit(t: Ticker, at: number): void {
    const price = tickerPrice(t)
    if (price !== null && this.running) this.sink.quote(this.id, t.symbol, price, at)
  }

  async stop(): Promise<void> {
    this.running = false
    await this.client?.close?.().catch(() => undefined)
  }
}

/** A plain HTTP JSON document polled for one price. */
export class HttpSource {
  private timer: ReturnType<typeof setTimeout> | null = null
  private running = false

  constructor(
    private readonly source: SourceConfig,
    private readonly sink: SourceSink,
    private readonly pollMs: number,
  ) {}

  start(): void {
    this.running = true
    const run = async () => {
      try {
        const res = await fetch(this.source.url as string, { signal: AbortSignal.timeout(5000) })
        if (!res.ok) throw new Error(`HTTP ${res.status}`)
        const price = pick(await res.json(), this.source.path as string)
        if (price === null) throw new Error(`no positive number at "${this.source.path}"`)
        if (this.running) this.sink.quote('http', this.source.symbol, price, Date.now())
      } catch (err) {
        if (this.running) this.sink.down('http', [this.source.symbol], err, 'http')
      }
      if (this.running) {
        this.timer = setTimeout(run, this.pollMs)
        this.timer.unref?.()
      }
    }
    void run()
  }

  stop(): void {
    this.running = false
    if (this.timer) clearTimeout(this.timer)
  }
}
