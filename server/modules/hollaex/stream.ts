import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { DepthSnapshot, PublicTrade, SpotOrder } from '@common/spot/schema'
import { type WebSocket, WebSocketServer } from 'ws'
import type { Db } from '../../db/db'
import { readBalances } from '../../ledger/ledger'
import type { MarketData } from '../../market/service'
import { checkIp, type KeyPrincipal, liveKey, requireScope, verifyHmac } from '../../platform/api-keys/index'
import { onSessionsChanged } from '../../platform/identity/sessions'
import type { SpotFeed } from '../../platform/manifest'
import { spotReads } from '../../platform/ports/spot-reads'
import { checkExpires, hollaexSigningInput } from './auth'
import { hollaexAnswer } from './errors'
import { assetRows } from './repo'
import { balanceOf, orderbookOf, orderOf, pairName, publicTradeOf, userTradeOf } from './wire'

/*
 * The program stream (docs/api.md, "The stream"): a plain WebSocket at /api/hollaex/stream that
 * speaks HollaEx's stream protocol, so ccxt.pro's `hollaex` watches work unchanged. Public topics
 * `orderbook:<pair>` and `trade:<pair>`; with a key signed at connect (query or headers `api-key`,
 * `api-expires`, `api-signature` = HMAC-SHA256 hex of `CONNECT/stream` + api-expires), the private
 * topics `order`, `usertrade` and `wallet`. Every message the server sends on a connection carries
 * `seq`, 1, 2, 3... for that connection; a subscription answers a `partial` (the whole state),
 * later messages are `update`/`insert`. Resync rule: a missing number, or a new connection, means
 * subscribing again and replacing what you hold with the partials.
 */

export const STREAM_PATH = '/api/hollaex/stream'
const DEPTH_LEVELS = 50
/** Book snapshots to one connection at most this often per pair (ms). */
const BOOK_EVERY_MS = 100
/** A connection whose unsent data grows past this is closed (it could not keep up). */
const MAX_BUFFERED = 4 * 1024 * 1024
/** How often a connection's key is checked again (revoked, owner frozen...). */
const RECHECK_MS = 15_000

interface Conn {
  ws: WebSocket
  seq: number
  key: KeyPrincipal | null
  apiKey: string | null
  topics: Set<string>
  /** The connection's work, one message after the other (order, then its fills, then the wallet). */
  queue: Promise<void>
  /** Last fill id sent (usertrade), last wallet sent (wallet). */
  lastFill: number
  lastWallet: string
  bookTimers: Map<string, ReturnType<typeof setTimeout>>
}

export interface StreamDeps {
  db: Db
  market: MarketData
  spot(): Promise<SpotFeed>
}

const now = () => Math.floor(Date.now() / 1000)

export class ProgramStream {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: 16 * 1024,
    perMessageDeflate: false,
  })
  private readonly conns = new Set<Conn>()
  private feed: SpotFeed | null = null
  private readonly offSessions: () => void
  private readonly recheck: ReturnType<typeof setInterval>

  constructor(private readonly deps: StreamDeps) {
    this.offSessions = onSessionsChanged((f) => {
      for (const c of this.conns) if (c.key && 'userId' in f && c.key.userId === f.userId) this.checkKey(c)
    })
    this.recheck = setInterval(() => {
      for (const c of this.conns) if (c.key) this.checkKey(c)
    }, RECHECK_MS)
    this.recheck.unref()
  }

  /** The HTTP server's `upgrade` for the stream's path; false when the path is another's. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://x')
    if (url.pathname !== STREAM_PATH) return false
    this.authenticate(req, url)
      .then(async (key) => {
        await this.attach()
        this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, key))
      })
      .catch((err: unknown) => {
        const a = hollaexAnswer(err)
        const body = JSON.stringify({ message: a.message })
        socket.end(
          `HTTP/1.1 ${a.status} Refused\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        )
      })
    return true
  }

  private async authenticate(
    req: IncomingMessage,
    url: URL,
  ): Promise<(KeyPrincipal & { name: string }) | null> {
    const get = (name: string) => {
      const h = req.headers[name]
      return url.searchParams.get(name) ?? (typeof h === 'string' ? h : null)
    }
    const apiKey = get('api-key')
    if (!apiKey) return null
    const expires = get('api-expires') ?? ''
    checkExpires(expires, Date.now())
    const p = await verifyHmac(
      this.deps.db,
      apiKey,
      hollaexSigningInput('CONNECT', '/stream', expires, ''),
      get('api-signature') ?? '',
    )
    const ip = req.socket.remoteAddress ?? ''
    await checkIp(this.deps.db, p, ip)
    requireScope(p, 'read')
    return { ...p, name: apiKey }
  }

  private async attach(): Promise<void> {
    if (this.feed) return
    const feed = await this.deps.spot()
    if (this.feed) return
    this.feed = feed
    feed.on('order', this.onOrder)
    feed.on('book', this.onBook)
    feed.on('trades', this.onTrades)
  }

  private open(ws: WebSocket, key: (KeyPrincipal & { name: string }) | null): void {
    const c: Conn = {
      ws,
      seq: 0,
      key,
      apiKey: key?.name ?? null,
      topics: new Set(),
      queue: Promise.resolve(),
      lastFill: 0,
      lastWallet: '',
      bookTimers: new Map(),
    }
    this.conns.add(c)
    ws.on('message', (raw) => this.onMessage(c, String(raw)))
    ws.on('close', () => this.drop(c))
    ws.on('error', () => this.drop(c))
  }

  private drop(c: Conn): void {
    for (const t of c.bookTimers.values()) clearTimeout(t)
    this.conns.delete(c)
  }

  private send(c: Conn, msg: object): void {
    if (c.ws.readyState !== c.ws.OPEN) return
    if (c.ws.bufferedAmount > MAX_BUFFERED) {
      c.ws.close(1013, 'too slow: reconnect and subscribe again')
      return
    }
    c.seq++
    c.ws.send(JSON.stringify({ ...msg, seq: c.seq }))
  }

  /** Runs `work` after the connection's earlier work, so its messages keep their order. */
  private enqueue(c: Conn, work: () => Promise<void>): void {
    c.queue = c.queue.then(work).catch(() => undefined)
  }

  private checkKey(c: Conn): void {
    const name = c.apiKey
    if (!name) return
    liveKey(this.deps.db, name).catch(() => c.ws.close(4001, 'Invalid token: the key no longer works'))
  }

  private onMessage(c: Conn, raw: string): void {
    let msg: { op?: unknown; args?: unknown }
    try {
      msg = JSON.parse(raw) as typeof msg
    } catch {
      this.send(c, { error: 'Error: wrong input' })
      return
    }
    if (msg.op === 'ping') {
      this.send(c, { message: 'pong' })
      return
    }
    const args = Array.isArray(msg.args) ? msg.args.filter((a): a is string => typeof a === 'string') : []
    if ((msg.op !== 'subscribe' && msg.op !== 'unsubscribe') || args.length === 0 || args.length > 64) {
      this.send(c, { error: 'Error: wrong input' })
      return
    }
    for (const topic of args) {
      if (msg.op === 'unsubscribe') {
        c.topics.delete(topic)
        continue
      }
      this.enqueue(c, () => this.subscribe(c, topic))
    }
  }

  private pairOf(name: string) {
    return this.deps.market.instruments().find((i) => i.category === 'spot' && pairName(i) === name)
  }

  private async subscribe(c: Conn, topic: string): Promise<void> {
    const [kind = '', pair] = topic.split(':')
    const time = now()
    if (kind === 'orderbook' || kind === 'trade') {
      const inst = pair ? this.pairOf(pair) : undefined
      if (!inst || !this.feed) return this.send(c, { error: `Error: wrong input: ${topic}` })
      c.topics.add(topic)
      if (kind === 'orderbook')
        return this.send(c, {
          topic: 'orderbook',
          action: 'partial',
          symbol: pair,
          data: this.book(inst.symbol),
          time,
        })
      const trades = await spotReads.get().recentTrades(this.deps.db, inst.symbol, 50)
      return this.send(c, {
        topic: 'trade',
        action: 'partial',
        symbol: pair,
        data: trades.map(publicTradeOf),
        time,
      })
    }
    if (kind !== 'order' && kind !== 'usertrade' && kind !== 'wallet')
      return this.send(c, { error: `Error: wrong input: ${topic}` })
    if (!c.key) return this.send(c, { error: 'Bearer or HMAC authentication required' })
    const userId = c.key.userId
    const { db, market } = this.deps
    c.topics.add(kind)
    const reads = spotReads.get()
    if (kind === 'order') {
      const open = await reads.openOrders(db, market, userId)
      return this.send(c, {
        topic: 'order',
        action: 'partial',
        user_id: userId,
        data: this.orders(open, userId),
        time,
      })
    }
    if (kind === 'usertrade') {
      const fills = await reads.fills(db, userId, { limit: 50 })
      c.lastFill = Math.max(c.lastFill, ...fills.map((f) => Number(f.id)))
      return this.send(c, {
        topic: 'usertrade',
        action: 'partial',
        user_id: userId,
        data: this.fills(fills),
        time,
      })
    }
    const wallet = await this.wallet(userId)
    c.lastWallet = JSON.stringify(wallet)
    return this.send(c, { topic: 'wallet', action: 'partial', user_id: userId, data: wallet, time })
  }

  private book(symbol: string): ReturnType<typeof orderbookOf> {
    const d: DepthSnapshot = (this.feed as SpotFeed).depth(symbol, DEPTH_LEVELS)
    return orderbookOf(d)
  }

  private orders(list: SpotOrder[], userId: string) {
    return list.flatMap((o) => {
      const inst = this.deps.market.instruments().find((i) => i.symbol === o.symbol)
      return inst ? [orderOf(o, inst, userId)] : []
    })
  }

  private fills(list: Awaited<ReturnType<ReturnType<typeof spotReads.get>['fills']>>) {
    return list.flatMap((f) => {
      const inst = this.deps.market.instruments().find((i) => i.symbol === f.symbol)
      return inst ? [userTradeOf(f, inst)] : []
    })
  }

  private async wallet(userId: string) {
    const [assets, rows] = await Promise.all([
      assetRows(this.deps.db),
      readBalances(this.deps.db, userId, { account: 'spot' }),
    ])
    const all = balanceOf(
      assets.map((a) => a.code),
      rows,
      Date.now(),
    )
    // HollaEx's wallet message: balances and available amounts only.
    return Object.fromEntries(
      Object.entries(all).filter(([k]) => k.endsWith('_balance') || k.endsWith('_available')),
    )
  }

  /** A holder's order changed (after commit): the order, then its new fills, then the wallet. */
  private readonly onOrder = (holder: string, order: SpotOrder) => {
    for (const c of this.conns) {
      if (c.key?.userId !== holder) continue
      this.enqueue(c, async () => {
        const time = now()
        const pair = this.orders([order], holder)[0]
        if (c.topics.has('order') && pair)
          this.send(c, {
            topic: 'order',
            action: 'update',
            user_id: holder,
            symbol: pair.symbol,
            data: pair,
            time,
          })
        if (c.topics.has('usertrade') && order.filled !== '0') {
          const fills = await spotReads
            .get()
            .fills(this.deps.db, holder, { symbol: order.symbol, limit: 100 })
          const fresh = fills.filter((f) => Number(f.id) > c.lastFill).reverse()
          if (fresh.length) {
            c.lastFill = Math.max(c.lastFill, ...fresh.map((f) => Number(f.id)))
            this.send(c, {
              topic: 'usertrade',
              action: 'insert',
              user_id: holder,
              symbol: pair?.symbol,
              data: this.fills(fresh),
              time,
            })
          }
        }
        if (c.topics.has('wallet')) {
          const wallet = await this.wallet(holder)
          const text = JSON.stringify(wallet)
          if (text !== c.lastWallet) {
            c.lastWallet = text
            this.send(c, { topic: 'wallet', action: 'partial', user_id: holder, data: wallet, time })
          }
        }
      })
    }
  }

  private readonly onBook = (symbol: string) => {
    const inst = this.deps.market.instrument(symbol)
    if (!inst || inst.category !== 'spot') return
    const topic = `orderbook:${pairName(inst)}`
    for (const c of this.conns) {
      if (!c.topics.has(topic) || c.bookTimers.has(topic)) continue
      c.bookTimers.set(
        topic,
        setTimeout(() => {
          c.bookTimers.delete(topic)
          if (c.topics.has(topic))
            this.send(c, {
              topic: 'orderbook',
              action: 'partial',
              symbol: pairName(inst),
              data: this.book(symbol),
              time: now(),
            })
        }, BOOK_EVERY_MS),
      )
    }
  }

  private readonly onTrades = (symbol: string, trades: PublicTrade[]) => {
    const inst = this.deps.market.instrument(symbol)
    if (!inst || inst.category !== 'spot') return
    const topic = `trade:${pairName(inst)}`
    for (const c of this.conns)
      if (c.topics.has(topic))
        this.enqueue(c, async () =>
          this.send(c, {
            topic: 'trade',
            action: 'insert',
            symbol: pairName(inst),
            data: trades.map(publicTradeOf),
            time: now(),
          }),
        )
  }

  close(): void {
    clearInterval(this.recheck)
    this.offSessions()
    this.feed?.off('order', this.onOrder)
    this.feed?.off('book', this.onBook)
    this.feed?.off('trades', this.onTrades)
    for (const c of this.conns) c.ws.terminate()
    this.conns.clear()
    this.wss.close()
  }
}
