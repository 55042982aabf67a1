import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { CHANNEL_TICKERS, CHANNEL_USER } from '@common/constants'
import type { Ticker } from '@common/market/types'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { backfill } from '../../server/market/backfill'
import { MarketData } from '../../server/market/service'
import { createSession } from '../../server/platform/identity/sessions'
import { RealtimeHub } from '../../server/realtime/hub'
import { createSocket, type Socket } from '../../src/lib/socket/connection'
import { type Harness, startHarness } from './harness'

interface Msg {
  ch: string
  seq: number
  data: unknown
}
interface Ack {
  ok: boolean
  seq: number
  data: unknown
  code?: number
}

/**
 * The app's socket.io-client connection (src/lib/socket: the library with the docs/spec.md section 9
 * options) against the real server, on both transports, and the app's channel API on top of it.
 */
describe('browser socket client against the Socket.IO server', () => {
  let h: Harness
  let market: MarketData
  let hub: RealtimeHub
  let app: Awaited<ReturnType<typeof buildApp>>
  let url: string
  let now = Date.now()
  const open: Socket[] = []

  beforeAll(async () => {
    h = await startHarness('pglite')
    market = new MarketData(h.db, { now: () => now })
    await market.load()
    await backfill(h.db, market.simInstruments(), { days: 1, seed: 'socket', now, tz: market.tz })
    await market.load()
    app = await buildApp({
      config: {
        ...loadConfig({}),
        logLevel: 'silent',
        staticDir: '/nonexistent',
        rateLimitPerMinute: 10_000,
      },
      db: h.db,
      market,
    })
    hub = new RealtimeHub(app.server, { market, db: h.db })
    await app.listen({ port: 0, host: '127.0.0.1' })
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    for (const c of open) c.disconnect()
    vi.unstubAllGlobals()
    vi.unstubAllEnvs()
    await hub.close()
    await market.stop()
    await app.close()
    await h.close()
  })

  type Transport = 'websocket' | 'polling' | 'websocket blocked'

  function client(transport: Transport, token = '') {
    const events: string[] = []
    const messages: Msg[] = []
    const c = createSocket(url, () => ({ token }), {
      // Short backoff for the test; everything else as in the app.
      reconnectionDelay: 50,
      reconnectionDelayMax: 200,
      // Only polling, as on a network where WebSocket never works.
      ...(transport === 'polling' ? { transports: ['polling'] } : {}),
      // A proxy that refuses the WebSocket upgrade: the app's options fall back to long-polling.
      ...(transport === 'websocket blocked'
        ? { transportOptions: { websocket: { path: '/blocked/' } } }
        : {}),
    })
    c.on('connect', () => events.push('connect'))
    c.on('disconnect', (reason) => events.push(`disconnect:${reason}`))
    c.io.on('reconnect_attempt', () => events.push('reconnect_attempt'))
    c.on('msg', (m: Msg) => messages.push(m))
    open.push(c)
    const connected = () =>
      c.connected ? Promise.resolve() : new Promise<void>((r) => c.once('connect', () => r()))
    return { c, events, messages, connected }
  }

  const until = async (cond: () => boolean) => {
    for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 25))
    expect(cond()).toBe(true)
  }

  it.each([
    ['websocket', 'websocket'],
    ['polling', 'polling'],
    ['websocket blocked', 'polling'],
  ] as const)(
    '%s: subscribe answers a snapshot, then messages follow in sequence (over %s)',
    async (transport, used) => {
      const { c, messages, connected } = client(transport)
      await connected()
      expect(c.io.engine.transport.name).toBe(used)
      const ack = (await c.emitWithAck('sub', 'tickers')) as Ack
      expect(ack.ok).toBe(true)
      expect((ack.data as Ticker[]).length).toBeGreaterThan(30)
      now += 1000
      const price = { websocket: 7_123_400, polling: 7_123_500, 'websocket blocked': 7_123_600 }[transport]
      market.onTicks([{ symbol: 'BTCUSDT', ts: now, price, volume: 1000 }])
      await until(() => messages.some((m) => m.ch === 'tickers'))
      const m = messages.find((x) => x.ch === 'tickers') as Msg
      expect(m.seq).toBe(ack.seq + 1)
      // An index tick moves the ticker's index (a market's own last price moves only with its trades).
      expect((m.data as Ticker[]).find((t) => t.symbol === 'BTCUSDT')).toMatchObject({
        index: (price / 100).toFixed(2),
      })
      // Refusals come back as acknowledgements with the error code.
      expect(((await c.emitWithAck('sub', 'user')) as Ack).code).toBe(1003)
      c.disconnect()
    },
  )

  it('sends the session token in the handshake, so the private channel opens', async () => {
    const { token } = await newUser()
    const { c, connected } = client('websocket', token)
    await connected()
    expect(await c.emitWithAck('sub', 'user')).toMatchObject({ ok: true, data: { favorites: [] } })
    c.disconnect()
  })

  it('reconnects by itself after the connection drops, and stops when told to', async () => {
    const { c, events, connected } = client('websocket')
    await connected()
    // The connection itself drops (network change, server restart), not a server-side kick.
    for (const s of hub.io.sockets.sockets.values()) s.conn.close()
    await until(() => events.filter((e) => e === 'connect').length === 2)
    expect(events).toEqual(['connect', 'disconnect:transport close', 'reconnect_attempt', 'connect'])
    expect(((await c.emitWithAck('sub', 'tickers')) as Ack).ok).toBe(true)
    c.disconnect()
    expect(c.connected).toBe(false)
    expect(c.active).toBe(false)
    expect(events.at(-1)).toBe('disconnect:io client disconnect')
    await expect(c.timeout(100).emitWithAck('sub', 'tickers')).rejects.toThrow()
  })

  async function newUser() {
    const userId = randomUUID()
    await h.db
      .insertInto('users')
      .values({ id: userId, password_hash: 'x', nickname: 'sock', invite_code: `S${userId.slice(0, 8)}` })
      .execute()
    return createSession(h.db, userId, { ip: '127.0.0.1', userAgent: 'test' })
  }

  it("the app's channel API: lazy connection, snapshot then messages, resync on a gap, private channel after login", async () => {
    const mem = new Map<string, string>()
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => mem.get(k) ?? null,
      setItem: (k: string, v: string) => void mem.set(k, v),
      removeItem: (k: string) => void mem.delete(k),
    })
    vi.stubEnv('VITE_SOCKET_URL', url)
    const { subscribe, socketStateAtom } = await import('../../src/lib/socket/client')
    const { store, tokenAtom } = await import('../../src/lib/store')
    const states: string[] = []
    store.sub(socketStateAtom, () => states.push(store.get(socketStateAtom)))

    const snapshots: { n: number; resync: boolean }[] = []
    const updates: Ticker[][] = []
    const stop = subscribe<Ticker[], Ticker[]>(CHANNEL_TICKERS, {
      onSnapshot: (list, resync) => snapshots.push({ n: list.length, resync }),
      onMessage: (list) => updates.push(list),
    })
    // socket.io-client is still being loaded: the state says so at once.
    expect(store.get(socketStateAtom)).toBe('connecting')
    await until(() => snapshots.length === 1)
    expect(store.get(socketStateAtom)).toBe('open')
    expect(snapshots[0]).toMatchObject({ resync: false })
    expect(snapshots[0]?.n).toBeGreaterThan(30)

    now += 1000
    market.onTicks([{ symbol: 'ETHUSDT', ts: now, price: 312_345, volume: 1000 }])
    await until(() => updates.some((u) => u.some((t) => t.symbol === 'ETHUSDT')))

    // A message that skips sequence numbers: the client takes a fresh snapshot (resync).
    for (const s of hub.io.sockets.sockets.values())
      s.emit('msg', { ch: CHANNEL_TICKERS, seq: 1e9, data: [] })
    await until(() => snapshots.length === 2)
    expect(snapshots[1]?.resync).toBe(true)

    // Login: the client reconnects with the token in the handshake and the private channel opens.
    const { token } = await newUser()
    const favourites: unknown[] = []
    store.set(tokenAtom, token)
    const stopUser = subscribe<{ favorites: string[] }, unknown>(CHANNEL_USER, {
      onSnapshot: (d) => favourites.push(d.favorites),
      onMessage: () => {},
    })
    await until(() => favourites.length === 1)
    expect(favourites[0]).toEqual([])
    // After the reconnect the public channel was subscribed again.
    await until(() => snapshots.length === 3)
    expect(states).toContain('closing')
    expect(store.get(socketStateAtom)).toBe('open')

    // The connection drops: the banner's state goes to reconnecting, then open again.
    states.length = 0
    for (const s of hub.io.sockets.sockets.values()) s.conn.close()
    await until(() => states.includes('reconnecting') && store.get(socketStateAtom) === 'open')
    stop()
    stopUser()
  })
})
