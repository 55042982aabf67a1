import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { Ticker } from '@common/market/types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocketImpl from 'ws'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { backfill } from '../../server/market/backfill'
import { MarketData } from '../../server/market/service'
import { createSession } from '../../server/modules/auth/sessions'
import { RealtimeHub } from '../../server/realtime/hub'
import { type DisconnectReason, IoConnection } from '../../src/lib/socket/io-connection'
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

/** The browser's own Socket.IO client (src/lib/socket) against the real server, on both transports. */
describe('browser socket client against the Socket.IO server', () => {
  let h: Harness
  let market: MarketData
  let hub: RealtimeHub
  let app: Awaited<ReturnType<typeof buildApp>>
  let url: string
  let now = Date.now()
  const open: IoConnection[] = []

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
    await hub.close()
    await market.stop()
    await app.close()
    await h.close()
  })

  function client(transport: 'websocket' | 'polling', token = '') {
    const events: string[] = []
    const messages: Msg[] = []
    let connected: () => void = () => {}
    let whenConnected = new Promise<void>((r) => (connected = r))
    const c = new IoConnection({
      url,
      auth: () => ({ token }),
      timeoutMs: 5000,
      reconnectDelayMs: 50,
      reconnectDelayMaxMs: 200,
      randomization: 0.5,
      // Without WebSocket the client goes straight to long-polling, as behind a proxy that blocks it.
      WebSocket: transport === 'websocket' ? (WebSocketImpl as unknown as typeof WebSocket) : undefined,
      fetch:
        transport === 'polling' ? fetch : ((() => Promise.reject(new Error('no polling'))) as typeof fetch),
      onConnect: () => {
        events.push('connect')
        connected()
      },
      onDisconnect: (reason: DisconnectReason) => {
        events.push(`disconnect:${reason}`)
        whenConnected = new Promise<void>((r) => (connected = r))
      },
      onReconnectAttempt: () => events.push('reconnect_attempt'),
    })
    c.on('msg', (m: Msg) => messages.push(m))
    open.push(c)
    c.connect()
    return { c, events, messages, connected: () => whenConnected }
  }

  const until = async (cond: () => boolean) => {
    for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 25))
    expect(cond()).toBe(true)
  }

  it.each(['websocket', 'polling'] as const)(
    '%s: subscribe answers a snapshot, then messages follow in sequence',
    async (transport) => {
      const { c, messages, connected } = client(transport)
      await connected()
      const ack = (await c.emitWithAck('sub', 'tickers', 5000)) as Ack
      expect(ack.ok).toBe(true)
      expect((ack.data as Ticker[]).length).toBeGreaterThan(30)
      now += 1000
      market.onTicks([
        { symbol: 'BTCUSDT', ts: now, price: transport === 'polling' ? 7_123_500 : 7_123_400, volume: 1000 },
      ])
      await until(() => messages.some((m) => m.ch === 'tickers'))
      const m = messages.find((x) => x.ch === 'tickers') as Msg
      expect(m.seq).toBe(ack.seq + 1)
      expect((m.data as Ticker[]).find((t) => t.symbol === 'BTCUSDT')).toMatchObject({
        last: transport === 'polling' ? '71235.00' : '71234.00',
      })
      // Refusals come back as acknowledgements with the error code.
      expect(((await c.emitWithAck('sub', 'user', 5000)) as Ack).code).toBe(1003)
    },
  )

  it('sends the session token in the handshake, so the private channel opens', async () => {
    const userId = randomUUID()
    await h.db
      .insertInto('users')
      .values({ id: userId, password_hash: 'x', nickname: 'sock', invite_code: `S${userId.slice(0, 8)}` })
      .execute()
    const { token } = await createSession(h.db, userId, { ip: '127.0.0.1', userAgent: 'test' })
    const { c, connected } = client('websocket', token)
    await connected()
    expect(await c.emitWithAck('sub', 'user', 5000)).toMatchObject({ ok: true, data: { favorites: [] } })
  })

  it('reconnects by itself after the connection drops, and stops when told to', async () => {
    const { c, events, connected } = client('websocket')
    await connected()
    // The connection itself drops (network change, server restart), not a server-side kick.
    for (const s of hub.io.sockets.sockets.values()) s.conn.close()
    await until(() => events.filter((e) => e === 'connect').length === 2)
    expect(events).toEqual(['connect', 'disconnect:transport close', 'reconnect_attempt', 'connect'])
    expect(((await c.emitWithAck('sub', 'tickers', 5000)) as Ack).ok).toBe(true)
    c.disconnect()
    expect(c.connected).toBe(false)
    expect(events.at(-1)).toBe('disconnect:io client disconnect')
    await expect(c.emitWithAck('sub', 'tickers', 100)).rejects.toThrow('not connected')
  })
})
