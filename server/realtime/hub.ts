import type { Server as HttpServer } from 'node:http'
import { ERRORS } from '@common/api/errors'
import { CHANNEL_TICKERS, CHANNEL_USER, SOCKET_COALESCE_MS, SOCKET_EVENTS } from '@common/constants'
import { isPeriod, type Period } from '@common/market/periods'
import { channelSchema } from '@common/market/schema'
import type { Candle, Ticker } from '@common/market/types'
import type { DepthSnapshot, PublicTrade, SpotOrder } from '@common/spot/schema'
import { Server, type Socket } from 'socket.io'
import * as v from 'valibot'
import type { Db } from '../db/db'
import type { UnitCandle } from '../market/candles'
import type { MarketData } from '../market/service'
import { engines, manifests } from '../modules/index'
import { onSessionsChanged, resolveToken, type SessionFilter } from '../platform/identity/sessions'
import type { AttachedChannels, ContractFeed, SpotFeed } from '../platform/manifest'
import { Coalescer } from './coalescer'
import { type TickerUpdate, tickerDelta } from './ticker-delta'

/** What every channel message looks like on the wire. */
export interface ChannelMessage<T = unknown> {
  ch: string
  seq: number
  /** Server time when sent (ms), for latency figures. */
  ts: number
  data: T
}

export type SubscribeAck =
  | { ok: true; ch: string; seq: number; data: unknown }
  | { ok: false; ch: string; code: number; msg: string }

/** The room of a user's private `user` channel. */
const userRoom = (userId: string) => `user:${userId}`

type MarketTrades = (db: Db, symbol: string, limit: number) => Promise<PublicTrade[]>

const MAX_SUBSCRIPTIONS = 64
const DEPTH_LEVELS = 20
const TRADES_SNAPSHOT = 30

interface SocketUser {
  id: string
  /** The session the handshake token belongs to: its end ends this socket's private channels. */
  sessionId: string
}

export interface RealtimeDeps {
  market: MarketData
  db: Db
  redisUrl?: string | null
  /** Spot trading: `depth:<SYMBOL>`, `trades:<SYMBOL>` and order updates on `user`. */
  spot?: SpotFeed
  /** Perpetuals: the same `depth:` / `trades:` channels by symbol, and contract updates on `user`. */
  contract?: ContractFeed
  log?: { info(o: unknown, m?: string): void; warn(o: unknown, m?: string): void }
}

/**
 * The socket.io feed on the app's own HTTP server. Public channels: `tickers` and
 * `candle:<SYMBOL>:<period>`; the private `user` channel needs the session token in the
 * handshake (`auth: { token }`). Subscribing answers with a snapshot and the channel's current
 * sequence number; every later message carries the next number, so a client that sees a gap
 * knows it missed something and subscribes again.
 */
export class RealtimeHub {
  readonly io: Server
  private readonly seqs = new Map<string, number>()
  private readonly tickerCoalescer: Coalescer<Ticker, Map<string, Ticker>>
  /** Every ticker as of the `tickers` channel's current sequence number (what clients hold). */
  private readonly tickerState = new Map<string, Ticker>()
  private readonly candleCoalescers = new Map<string, Coalescer<Candle, Candle>>()
  private redisClose: (() => Promise<void>) | null = null
  private readonly offSessions: () => void
  /** The modules' parts of the hub (their manifests' `channels`): user channel parts and own channels. */
  private readonly channels: AttachedChannels[]
  private readonly depthCoalescers = new Map<string, Coalescer<string, string>>()
  private readonly tradeCoalescers = new Map<string, Coalescer<PublicTrade[], PublicTrade[]>>()

  constructor(
    server: HttpServer,
    private readonly deps: RealtimeDeps,
  ) {
    // Frames are small and frequent: compressing each one per socket would cost more CPU than it
    // saves on loopback or LAN (and socket.io broadcasts a frame encoded once for every socket).
    this.io = new Server(server, {
      serveClient: false,
      maxHttpBufferSize: 16 * 1024,
      perMessageDeflate: false,
    })
    this.tickerCoalescer = new Coalescer(
      SOCKET_COALESCE_MS,
      (acc, t) => (acc ?? new Map()).set(t.symbol, t),
      (m) => this.publishTickers(m),
    )
    this.io.use((socket, next) => {
      this.authenticate(socket.handshake.auth?.token)
        .then((found) => {
          if (found) {
            const user: SocketUser = { id: found.id, sessionId: found.sessionId }
            // Who the handshake named, while the session lives (onSessionsChanged checks it again).
            socket.data.identity = user
            if (found.active) socket.data.user = user
          }
          next()
        })
        .catch(() => next())
    })
    this.offSessions = onSessionsChanged(this.onSessionsChanged)
    this.channels = manifests.flatMap((m) =>
      m.channels
        ? [
            m.channels.attach({
              io: this.io,
              db: deps.db,
              market: deps.market,
              publish: (room, ch, data) => this.publish(room, ch, data),
              toUser: this.toUser,
              userRoom,
            }),
          ]
        : [],
    )
    this.io.on('connection', (socket) => this.onConnection(socket))
    deps.market.on('ticker', this.onTicker)
    deps.market.on('candle', this.onCandle)
    deps.spot?.on('book', this.onBook)
    deps.spot?.on('trades', this.onTrades)
    deps.spot?.on('order', this.onOrder)
    deps.contract?.on('book', this.onBook)
    deps.contract?.on('trades', this.onTrades)
    deps.contract?.on('user', this.toUser)
  }

  /** Share rooms between instances through Redis (REDIS_URL). */
  async attachRedis(url: string): Promise<void> {
    const { createClient } = await import('redis')
    const { createAdapter } = await import('@socket.io/redis-adapter')
    const pub = createClient({ url })
    const sub = pub.duplicate()
    await Promise.all([pub.connect(), sub.connect()])
    this.io.adapter(createAdapter(pub, sub))
    this.redisClose = async () => {
      await Promise.allSettled([pub.quit(), sub.quit()])
    }
  }

  private nextSeq(key: string): number {
    const n = (this.seqs.get(key) ?? 0) + 1
    this.seqs.set(key, n)
    return n
  }

  private publish(room: string, ch: string, data: unknown): void {
    const msg: ChannelMessage = { ch, seq: this.nextSeq(room), ts: Date.now(), data }
    this.io.to(room).emit(SOCKET_EVENTS.message, msg)
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
    if (updates.length) this.publish(CHANNEL_TICKERS, CHANNEL_TICKERS, updates)
  }

  private hasMembers(room: string): boolean {
    return (this.io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0
  }

  private readonly onTicker = (t: Ticker) => this.tickerCoalescer.push(t)

  private readonly onCandle = (symbol: string, period: Period, c: UnitCandle) => {
    const ch = `candle:${symbol}:${period}`
    let co = this.candleCoalescers.get(ch)
    if (!co) {
      if (!this.hasMembers(ch)) return
      co = new Coalescer<Candle, Candle>(
        SOCKET_COALESCE_MS,
        (_acc, k) => k,
        (k) => this.publish(ch, ch, k),
      )
      this.candleCoalescers.set(ch, co)
    }
    co.push(this.deps.market.wire(symbol, c))
  }

  /** Depth: the top levels as one snapshot per message, at most one per 100 ms. */
  private readonly onBook = (symbol: string) => {
    const ch = `depth:${symbol}`
    let co = this.depthCoalescers.get(ch)
    if (!co) {
      if (!this.hasMembers(ch)) return
      co = new Coalescer<string, string>(
        SOCKET_COALESCE_MS,
        (_acc, s) => s,
        (s) => this.publish(ch, ch, this.depthOf(s)),
      )
      this.depthCoalescers.set(ch, co)
    }
    co.push(symbol)
  }

  private depthOf(symbol: string): DepthSnapshot {
    const m = this.marketOf(symbol)
    if (!m) return { symbol, bids: [], asks: [], ts: Date.now() }
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

  /**
   * A user's private update on `user` (their orders, positions, liquidations, C2C orders and
   * chat): sent only while a socket of theirs listens. Listeners take the fields they know.
   */
  private readonly toUser = (userId: string, data: object) => {
    const room = userRoom(userId)
    if (!this.hasMembers(room)) return
    this.publish(room, CHANNEL_USER, data)
  }

  /** The user's own spot order changes. */
  private readonly onOrder = (userId: string, order: SpotOrder) => this.toUser(userId, { order })

  private readonly onTrades = (symbol: string, trades: PublicTrade[]) => {
    const ch = `trades:${symbol}`
    let co = this.tradeCoalescers.get(ch)
    if (!co) {
      if (!this.hasMembers(ch)) return
      co = new Coalescer<PublicTrade[], PublicTrade[]>(
        SOCKET_COALESCE_MS,
        (acc, list) => [...(acc ?? []), ...list],
        (list) => this.publish(ch, ch, list),
      )
      this.tradeCoalescers.set(ch, co)
    }
    co.push(trades)
  }

  /**
   * The live session behind a handshake token, and whether its account is active. A frozen
   * account may look through HTTP, but gets no private channel until it is unfrozen.
   */
  private async authenticate(token: unknown): Promise<(SocketUser & { active: boolean }) | null> {
    if (typeof token !== 'string' || token === '') return null
    const s = await resolveToken(this.deps.db, token)
    if (!s) return null
    const u = await this.deps.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', s.userId)
      .executeTakeFirst()
    return { id: s.userId, sessionId: s.sessionId, active: u?.status === 'active' }
  }

  /**
   * A session ended or its account changed (logout, revoke, password change or reset, freeze,
   * role change): every socket of that session or user leaves its private rooms at once, then
   * its token is checked again. An ended session loses them for good; a live session of a frozen
   * account gets them back when it is unfrozen; otherwise they come back at once. Sockets of this
   * process; one exchange process serves a database (docs/operations.md).
   */
  private readonly onSessionsChanged = (filter: SessionFilter) => {
    for (const socket of this.io.of('/').sockets.values()) {
      const who = socket.data.identity as SocketUser | undefined
      if (!who) continue
      if ('userId' in filter ? who.id !== filter.userId : who.sessionId !== filter.sessionId) continue
      const gen = ((socket.data.authGen as number | undefined) ?? 0) + 1
      socket.data.authGen = gen
      socket.data.user = undefined
      void socket.leave(userRoom(who.id))
      // The modules' private rooms of the old identity end with it (the app subscribes again after a login).
      for (const c of this.channels) {
        for (const room of c.privateRooms?.(who.id) ?? []) void socket.leave(room)
        for (const ch of c.privateChannels ?? []) (socket.data.subs as Set<string> | undefined)?.delete(ch)
      }
      this.authenticate(socket.handshake.auth?.token)
        .catch(() => null)
        .then((found) => {
          if (socket.data.authGen !== gen || !socket.connected) return
          const subs = socket.data.subs as Set<string> | undefined
          if (!found || found.id !== who.id) {
            socket.data.identity = undefined
            subs?.delete(CHANNEL_USER)
            return
          }
          if (!found.active) return
          const user: SocketUser = { id: found.id, sessionId: found.sessionId }
          socket.data.user = user
          // Messages missed meanwhile show as a sequence gap: the client subscribes again.
          if (subs?.has(CHANNEL_USER)) void socket.join(userRoom(user.id))
        })
    }
  }

  private onConnection(socket: Socket): void {
    const subs = new Set<string>()
    socket.data.subs = subs
    socket.on(SOCKET_EVENTS.subscribe, (raw: unknown, ack: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (a: SubscribeAck) => void) : () => {}
      this.subscribe(socket, subs, raw)
        .then(reply)
        .catch(() =>
          reply({ ok: false, ch: String(raw), code: ERRORS.internal.code, msg: ERRORS.internal.en }),
        )
    })
    socket.on(SOCKET_EVENTS.unsubscribe, (raw: unknown) => {
      if (typeof raw !== 'string' || !subs.has(raw)) return
      subs.delete(raw)
      void socket.leave(this.room(socket, raw))
      this.dropIdleCoalescer(raw)
    })
    socket.on('disconnect', () => {
      queueMicrotask(() => {
        for (const c of this.channels) c.forget?.()
      })
      for (const ch of subs)
        if (ch.startsWith('candle:') || ch.startsWith('depth:') || ch.startsWith('trades:'))
          queueMicrotask(() => this.dropIdleCoalescer(ch))
    })
  }

  private dropIdleCoalescer(ch: string): void {
    const co = this.candleCoalescers.get(ch)
    if (co && !this.hasMembers(ch)) {
      co.dispose()
      this.candleCoalescers.delete(ch)
    }
    for (const map of [this.depthCoalescers, this.tradeCoalescers] as Map<string, { dispose(): void }>[]) {
      const c = map.get(ch)
      if (c && !this.hasMembers(ch)) {
        c.dispose()
        map.delete(ch)
      }
    }
  }

  private room(socket: Socket, ch: string): string {
    // While a session is checked again `user` is unset; the handshake's identity names the room.
    const who = (socket.data.user ?? socket.data.identity) as SocketUser | undefined
    if (ch === CHANNEL_USER) return userRoom(who?.id ?? '')
    for (const c of this.channels) {
      const room = c.roomOf?.(ch, who?.id ?? '')
      if (room) return room
    }
    return ch
  }

  private async subscribe(socket: Socket, subs: Set<string>, raw: unknown): Promise<SubscribeAck> {
    const parsed = v.safeParse(channelSchema, raw)
    const fail = (ch: string, name: keyof typeof ERRORS): SubscribeAck => ({
      ok: false,
      ch,
      code: ERRORS[name].code,
      msg: ERRORS[name].en,
    })
    if (!parsed.success) return fail(String(raw).slice(0, 64), 'invalidField')
    const ch = parsed.output
    if (!subs.has(ch) && subs.size >= MAX_SUBSCRIPTIONS) return fail(ch, 'tooManyRequests')
    if (ch === CHANNEL_USER) {
      const user = socket.data.user as SocketUser | undefined
      // A live session of a frozen account (identity without user) is told so, not logged out.
      if (!user) return fail(ch, socket.data.identity ? 'accountAbnormal' : 'invalidSession')
      const room = this.room(socket, ch)
      await socket.join(room)
      subs.add(ch)
      // Sequence read before the snapshot: a change racing with the read shows up as a gap,
      // and the client subscribes again.
      const seq = this.seqs.get(room) ?? 0
      const parts = await Promise.all(this.channels.map((c) => c.userSnapshot?.(user.id) ?? {}))
      return { ok: true, ch, seq, data: Object.assign({}, ...parts) }
    }
    let snapshot: () => unknown
    if (ch === CHANNEL_TICKERS) {
      // Published state where there is one; a symbol never published gets all its fields next time.
      snapshot = () => this.deps.market.tickers().map((t) => this.tickerState.get(t.symbol) ?? t)
    } else if (ch.startsWith('candle:')) {
      const [, symbol = '', period = ''] = ch.split(':')
      if (!this.deps.market.instrument(symbol)) return fail(ch, 'unknownSymbol')
      if (!isPeriod(period)) return fail(ch, 'invalidField')
      snapshot = () => this.deps.market.currentCandle(symbol, period)
    } else if (
      (ch.startsWith('depth:') || ch.startsWith('trades:')) &&
      (this.deps.spot || this.deps.contract)
    ) {
      const [kind, symbol = ''] = ch.split(':')
      const m = this.marketOf(symbol)
      if (!m) return fail(ch, 'unknownSymbol')
      if (kind === 'trades') {
        // Trades come from the database: join first so nothing published after the read is lost.
        await socket.join(ch)
        subs.add(ch)
        const seq = this.seqs.get(ch) ?? 0
        return { ok: true, ch, seq, data: await m.recentTrades(this.deps.db, symbol, TRADES_SNAPSHOT) }
      }
      snapshot = () => this.depthOf(symbol)
    } else if (this.channels.some((c) => c.owns?.(ch))) {
      const own = this.channels.find((c) => c.owns?.(ch)) as AttachedChannels
      const r = own.subscribe ? await own.subscribe(socket, ch) : ({ ok: false, error: 'notFound' } as const)
      if (!r.ok) return fail(ch, r.error)
      await socket.join(r.room)
      subs.add(ch)
      // Sequence before the snapshot: a message racing with the read shows up as a gap.
      const seq = this.seqs.get(r.room) ?? 0
      return { ok: true, ch, seq, data: await r.snapshot() }
    } else {
      return fail(ch, 'notFound')
    }
    await socket.join(ch)
    subs.add(ch)
    // Snapshot and sequence are read in one turn: no message can fall between them.
    return { ok: true, ch, seq: this.seqs.get(ch) ?? 0, data: snapshot() }
  }

  async close(): Promise<void> {
    this.offSessions()
    for (const c of this.channels) c.close()
    this.deps.market.off('ticker', this.onTicker)
    this.deps.market.off('candle', this.onCandle)
    this.deps.spot?.off('book', this.onBook)
    this.deps.spot?.off('trades', this.onTrades)
    this.deps.spot?.off('order', this.onOrder)
    this.deps.contract?.off('book', this.onBook)
    this.deps.contract?.off('trades', this.onTrades)
    this.deps.contract?.off('user', this.toUser)
    for (const co of this.depthCoalescers.values()) co.dispose()
    for (const co of this.tradeCoalescers.values()) co.dispose()
    this.tickerCoalescer.dispose()
    for (const co of this.candleCoalescers.values()) co.dispose()
    // Ends every client but leaves the HTTP server to its owner (Fastify closes it).
    this.io.disconnectSockets(true)
    this.io.engine.close()
    await this.redisClose?.()
  }
}
