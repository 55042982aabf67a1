import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocket, WebSocketServer } from 'ws'

/**
 * Local stand-ins for three exchanges, speaking their public wire formats as ccxt reads them
 * (REST market lists and tickers, WebSocket ticker streams), so the live index can be tested
 * with no internet. The message shapes are the exchanges' documented ones, as recorded in the
 * comments of node_modules/ccxt/js/src/{binance,okx,bybit}.js and js/src/pro/*.js: nothing here
 * is a protocol of our own. A test sets each pair's price and pushes ticks; `kill()` drops every
 * connection and refuses new ones (REST too) until `revive()`.
 */

export type FakeId = 'binance' | 'okx' | 'bybit'

/** A pair in ccxt's unified form, e.g. "BTC/USDT". */
type Pair = string

const split = (p: Pair) => {
  const [base, quote] = p.split('/') as [string, string]
  return { base, quote }
}

export class FakeExchange {
  private http: Server | null = null
  private wss: WebSocketServer | null = null
  private readonly prices = new Map<Pair, string>()
  private readonly subs = new Map<WebSocket, Set<Pair>>()
  private dead = false
  port = 0
  /** Messages pushed to clients (the bench counts them). */
  pushed = 0

  constructor(
    readonly id: FakeId,
    private readonly pairs: readonly Pair[],
  ) {}

  async start(port = 0): Promise<this> {
    this.http = createServer((req, res) => this.rest(req, res))
    this.wss = new WebSocketServer({ server: this.http })
    this.wss.on('connection', (ws, req) => {
      if (this.dead) {
        ws.terminate()
        return
      }
      this.subs.set(ws, new Set())
      ws.on('message', (raw) => this.onWs(ws, raw.toString(), req.url ?? ''))
      ws.on('close', () => this.subs.delete(ws))
      ws.on('error', () => undefined)
    })
    await new Promise<void>((r) => this.http?.listen(port, '127.0.0.1', r))
    this.port = (this.http.address() as AddressInfo).port
    return this
  }

  /** Constructor options for ccxt pointing it here (the `exchanges` entry of the config). */
  options(): Record<string, unknown> {
    const http = `http://127.0.0.1:${this.port}`
    const ws = `ws://127.0.0.1:${this.port}`
    const spotOnly = { fetchMarkets: { types: ['spot'] } }
    if (this.id === 'binance')
      return { options: spotOnly, urls: { api: { public: `${http}/api/v3`, ws: { spot: `${ws}/ws` } } } }
    if (this.id === 'okx') return { options: spotOnly, urls: { api: { rest: http, ws: `${ws}/ws/v5` } } }
    return {
      options: spotOnly,
      urls: {
        api: {
          public: http,
          spot: http,
          futures: http,
          v2: http,
          private: http,
          ws: { public: { spot: `${ws}/v5/public/spot` } },
        },
      },
    }
  }

  setPrice(pair: Pair, price: string): void {
    this.prices.set(pair, price)
  }

  /** Pushes the current price of every subscribed pair to every client (one message per pair). */
  tick(): void {
    if (this.dead) return
    const now = Date.now()
    for (const [ws, pairs] of this.subs) {
      if (ws.readyState !== WebSocket.OPEN) continue
      for (const p of pairs) {
        const price = this.prices.get(p)
        if (!price) continue
        ws.send(JSON.stringify(this.tickerMessage(p, price, now)))
        this.pushed++
      }
    }
  }

  /** Whether any client is subscribed to the pair. */
  subscribed(pair: Pair): boolean {
    for (const set of this.subs.values()) if (set.has(pair)) return true
    return false
  }

  /** The exchange goes away: connections dropped, new ones and REST refused. */
  kill(): void {
    this.dead = true
    for (const ws of this.subs.keys()) ws.terminate()
    this.subs.clear()
  }

  revive(): void {
    this.dead = false
  }

  async close(): Promise<void> {
    this.kill()
    await new Promise<void>((r) => this.wss?.close(() => r()))
    this.http?.closeAllConnections()
    await new Promise<void>((r) => this.http?.close(() => r()))
  }

  // ---- REST ----

  private rest(req: IncomingMessage, res: ServerResponse): void {
    if (this.dead) {
      res.writeHead(503).end()
      return
    }
    const url = new URL(req.url ?? '/', 'http://x')
    const body = this.restBody(url)
    if (body === null) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":-1,"msg":"not found"}')
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  }

  private restBody(url: URL): unknown {
    const now = Date.now()
    if (this.id === 'binance') {
      if (url.pathname === '/api/v3/exchangeInfo')
        return {
          timezone: 'UTC',
          serverTime: now,
          rateLimits: [],
          exchangeFilters: [],
          symbols: this.pairs.map((p) => binanceSymbol(p)),
        }
      if (url.pathname === '/api/v3/ticker/24hr')
        return this.pairs
          .filter((p) => this.prices.has(p))
          .map((p) => binanceTicker(p, this.prices.get(p) as string, now))
      return null
    }
    if (this.id === 'okx') {
      if (url.pathname === '/api/v5/public/instruments')
        return { code: '0', msg: '', data: this.pairs.map((p) => okxInstrument(p)) }
      if (url.pathname === '/api/v5/market/tickers')
        return {
          code: '0',
          msg: '',
          data: this.pairs
            .filter((p) => this.prices.has(p))
            .map((p) => okxTicker(p, this.prices.get(p) as string, now)),
        }
      return null
    }
    if (url.pathname === '/v5/market/instruments-info')
      return {
        retCode: 0,
        retMsg: 'OK',
        result: { category: 'spot', list: this.pairs.map((p) => bybitInstrument(p)), nextPageCursor: '' },
        retExtInfo: {},
        time: now,
      }
    if (url.pathname === '/v5/market/tickers')
      return {
        retCode: 0,
        retMsg: 'OK',
        result: {
          category: 'spot',
          list: this.pairs
            .filter((p) => this.prices.has(p))
            .map((p) => bybitTicker(p, this.prices.get(p) as string)),
        },
        retExtInfo: {},
        time: now,
      }
    return null
  }

  // ---- WebSocket ----

  private onWs(ws: WebSocket, text: string, _path: string): void {
    const set = this.subs.get(ws)
    if (!set) return
    if (text === 'ping') {
      ws.send('pong')
      return
    }
    let msg: Record<string, unknown>
    try {
      msg = JSON.parse(text)
    } catch {
      return
    }
    if (this.id === 'binance' && msg.method === 'SUBSCRIBE') {
      for (const stream of msg.params as string[]) {
        const pair = this.pairs.find((p) => stream.startsWith(`${p.replace('/', '').toLowerCase()}@`))
        if (pair) set.add(pair)
      }
      ws.send(JSON.stringify({ result: null, id: msg.id }))
      return
    }
    if (this.id === 'okx' && msg.op === 'subscribe') {
      for (const arg of msg.args as { channel: string; instId: string }[]) {
        const pair = this.pairs.find((p) => p.replace('/', '-') === arg.instId)
        if (pair) set.add(pair)
        ws.send(JSON.stringify({ event: 'subscribe', arg, connId: 'a4d3ae55' }))
      }
      return
    }
    if (this.id === 'bybit') {
      if (msg.op === 'ping') {
        ws.send(
          JSON.stringify({
            success: true,
            ret_msg: 'pong',
            conn_id: 'cfcb4c9a',
            req_id: msg.req_id,
            op: 'ping',
          }),
        )
        return
      }
      if (msg.op === 'subscribe') {
        for (const topic of msg.args as string[]) {
          const pair = this.pairs.find((p) => topic === `tickers.${p.replace('/', '')}`)
          if (pair) set.add(pair)
        }
        ws.send(
          JSON.stringify({
            success: true,
            ret_msg: '',
            conn_id: 'cfcb4c9a',
            req_id: msg.req_id,
            op: 'subscribe',
          }),
        )
      }
    }
  }

  private tickerMessage(pair: Pair, price: string, now: number): unknown {
    const { base, quote } = split(pair)
    if (this.id === 'binance')
      // Individual symbol mini ticker stream (<symbol>@miniTicker).
      return {
        e: '24hrMiniTicker',
        E: now,
        s: `${base}${quote}`,
        c: price,
        o: price,
        h: price,
        l: price,
        v: '1000.00000000',
        q: '65000000.00000000',
      }
    if (this.id === 'okx')
      return { arg: { channel: 'tickers', instId: `${base}-${quote}` }, data: [okxTicker(pair, price, now)] }
    return {
      topic: `tickers.${base}${quote}`,
      ts: now,
      type: 'snapshot',
      cs: 2588407389,
      data: {
        symbol: `${base}${quote}`,
        lastPrice: price,
        highPrice24h: price,
        lowPrice24h: price,
        prevPrice24h: price,
        volume24h: '1000.000000',
        turnover24h: '65000000.00000000',
        price24hPcnt: '0.0000',
        usdIndexPrice: price,
      },
    }
  }
}

function binanceSymbol(p: Pair) {
  const { base, quote } = split(p)
  return {
    symbol: `${base}${quote}`,
    status: 'TRADING',
    baseAsset: base,
    baseAssetPrecision: 8,
    quoteAsset: quote,
    quotePrecision: 8,
    quoteAssetPrecision: 8,
    baseCommissionPrecision: 8,
    quoteCommissionPrecision: 8,
    orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT_LIMIT'],
    icebergAllowed: true,
    ocoAllowed: true,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: true,
    cancelReplaceAllowed: true,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: true,
    filters: [
      {
        filterType: 'PRICE_FILTER',
        minPrice: '0.01000000',
        maxPrice: '1000000.00000000',
        tickSize: '0.01000000',
      },
      { filterType: 'LOT_SIZE', minQty: '0.00001000', maxQty: '9000.00000000', stepSize: '0.00001000' },
    ],
    permissions: [],
    permissionSets: [['SPOT', 'MARGIN']],
    defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
    allowedSelfTradePreventionModes: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'],
  }
}

function binanceTicker(p: Pair, price: string, now: number) {
  const { base, quote } = split(p)
  return {
    symbol: `${base}${quote}`,
    priceChange: '0.00000000',
    priceChangePercent: '0.000',
    weightedAvgPrice: price,
    prevClosePrice: price,
    lastPrice: price,
    lastQty: '0.00100000',
    bidPrice: price,
    bidQty: '1.00000000',
    askPrice: price,
    askQty: '1.00000000',
    openPrice: price,
    highPrice: price,
    lowPrice: price,
    volume: '1000.00000000',
    quoteVolume: '65000000.00000000',
    openTime: now - 86_400_000,
    closeTime: now,
    firstId: 1,
    lastId: 2,
    count: 2,
  }
}

function okxInstrument(p: Pair) {
  const { base, quote } = split(p)
  return {
    alias: '',
    baseCcy: base,
    category: '1',
    ctMult: '',
    ctType: '',
    ctVal: '',
    ctValCcy: '',
    expTime: '',
    instFamily: '',
    instId: `${base}-${quote}`,
    instType: 'SPOT',
    lever: '10',
    listTime: '1606468572000',
    lotSz: '0.00000001',
    maxIcebergSz: '9999999999',
    maxLmtAmt: '1000000',
    maxLmtSz: '9999999999',
    maxMktAmt: '1000000',
    maxMktSz: '',
    maxStopSz: '',
    maxTriggerSz: '9999999999',
    maxTwapSz: '9999999999',
    minSz: '0.00001',
    optType: '',
    quoteCcy: quote,
    settleCcy: '',
    state: 'live',
    stk: '',
    tickSz: '0.1',
    uly: '',
  }
}

function okxTicker(p: Pair, price: string, now: number) {
  const { base, quote } = split(p)
  return {
    instType: 'SPOT',
    instId: `${base}-${quote}`,
    last: price,
    lastSz: '0.001',
    askPx: price,
    askSz: '1',
    bidPx: price,
    bidSz: '1',
    open24h: price,
    high24h: price,
    low24h: price,
    sodUtc0: price,
    sodUtc8: price,
    volCcy24h: '65000000',
    vol24h: '1000',
    ts: String(now),
  }
}

function bybitInstrument(p: Pair) {
  const { base, quote } = split(p)
  return {
    symbol: `${base}${quote}`,
    baseCoin: base,
    quoteCoin: quote,
    innovation: '0',
    status: 'Trading',
    marginTrading: 'both',
    lotSizeFilter: {
      basePrecision: '0.000001',
      quotePrecision: '0.00000001',
      minOrderQty: '0.000048',
      maxOrderQty: '71.73956243',
      minOrderAmt: '1',
      maxOrderAmt: '2000000',
    },
    priceFilter: { tickSize: '0.01' },
  }
}

function bybitTicker(p: Pair, price: string) {
  const { base, quote } = split(p)
  return {
    symbol: `${base}${quote}`,
    bid1Price: price,
    bid1Size: '1',
    ask1Price: price,
    ask1Size: '1',
    lastPrice: price,
    prevPrice24h: price,
    price24hPcnt: '0',
    highPrice24h: price,
    lowPrice24h: price,
    turnover24h: '65000000',
    volume24h: '1000',
    usdIndexPrice: price,
  }
}
