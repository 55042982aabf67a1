import type { Server as HttpServer } from 'node:http'
import { ERRORS } from '@common/api/errors'
import { CHANNEL_USER, SOCKET_EVENTS } from '@common/constants'
import { channelSchema } from '@common/market/schema'
import type { SpotOrder } from '@common/spot/schema'
import { Server, type Socket } from 'socket.io'
import * as v from 'valibot'
import type { Db } from '../db/db'
import type { MarketData } from '../market/service'
import { manifests } from '../modules/index'
import { onSessionsChanged, resolveToken, type SessionFilter } from '../platform/identity/sessions'
import type { AttachedChannels, ContractFeed, SpotFeed } from '../platform/manifest'
import { provideSocketCount } from '../platform/metrics/collectors'
import { countSocketMessages } from '../platform/metrics/registry'
import { MarketFeed } from './market-feed'

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

const MAX_SUBSCRIPTIONS = 64

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
 * The socket.io feed on the app's own HTTP server. Public channels: `tickers`,
 * `candle:<SYMBOL>:<period>`, `depth:<SYMBOL>` and `trades:<SYMBOL>` (market-feed.ts); the
 * private `user` channel needs the session token in the handshake (`auth: { token }`); the
 * modules add their parts of `user` and their own channels (their manifests' `channels`).
 * Subscribing answers with a snapshot and the channel's current sequence number; every later
 * message carries the next number, so a client that sees a gap knows it missed something and
 * subscribes again.
 */
export class RealtimeHub {
  readonly io: Server
  private readonly seqs = new Map<string, number>()
  /** Tickers, candles, depth and trades (market-feed.ts). */
  private readonly marketFeed: MarketFeed
  private redisClose: (() => Promise<void>) | null = null
  private readonly offSessions: () => void
  /** The modules' parts of the hub (their manifests' `channels`): user channel parts and own channels. */
  private readonly channels: AttachedChannels[]

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
    provideSocketCount(() => this.io.engine.clientsCount)
    this.marketFeed = new MarketFeed(deps, {
      publish: (room, ch, data) => this.publish(room, ch, data),
      hasMembers: (room) => this.hasMembers(room),
    })
    deps.spot?.on('order', this.onOrder)
    deps.contract?.on('user', this.toUser)
  }

  /** Share rooms between instances through Redis (REDIS_URL). */
  async attachRedis(url: string): Promise<void> {
    const { connectRedis } = await import('../cluster/redis')
    const { createAdapter } = await import('@socket.io/redis-adapter')
    const pub = await connectRedis(url, 'socket.io')
    const sub = pub.duplicate()
    sub.on('error', () => undefined)
    await sub.connect()
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
    countSocketMessages(ch, this.io.sockets.adapter.rooms.get(room)?.size ?? 0)
  }

  private hasMembers(room: string): boolean {
    return (this.io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0
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
      this.marketFeed.dropIdle(raw)
    })
    socket.on('disconnect', () => {
      queueMicrotask(() => {
        for (const c of this.channels) c.forget?.()
      })
      for (const ch of subs)
        if (ch.startsWith('candle:') || ch.startsWith('depth:') || ch.startsWith('trades:'))
          queueMicrotask(() => this.marketFeed.dropIdle(ch))
    })
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
    const market = this.marketFeed.channel(ch)
    if (market) {
      if ('error' in market) return fail(ch, market.error)
      await socket.join(ch)
      subs.add(ch)
      if ('load' in market) {
        const seq = this.seqs.get(ch) ?? 0
        return { ok: true, ch, seq, data: await market.load() }
      }
      // Snapshot and sequence are read in one turn: no message can fall between them.
      return { ok: true, ch, seq: this.seqs.get(ch) ?? 0, data: market.snapshot() }
    }
    const own = this.channels.find((c) => c.owns?.(ch))
    if (!own?.subscribe) return fail(ch, 'notFound')
    const r = await own.subscribe(socket, ch)
    if (!r.ok) return fail(ch, r.error)
    await socket.join(r.room)
    subs.add(ch)
    // Sequence before the snapshot: a message racing with the read shows up as a gap.
    const seq = this.seqs.get(r.room) ?? 0
    return { ok: true, ch, seq, data: await r.snapshot() }
  }

  async close(): Promise<void> {
    this.offSessions()
    for (const c of this.channels) c.close()
    this.marketFeed.close()
    this.deps.spot?.off('order', this.onOrder)
    this.deps.contract?.off('user', this.toUser)
    // Ends every client but leaves the HTTP server to its owner (Fastify closes it).
    this.io.disconnectSockets(true)
    this.io.engine.close()
    await this.redisClose?.()
  }
}
