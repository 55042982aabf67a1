import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { Ticker } from '@common/market/types'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Db } from '../../server/db/db'
import { backfill } from '../../server/market/backfill'
import { MarketData } from '../../server/market/service'
import { createSession } from '../../server/platform/identity/sessions'
import { RealtimeHub } from '../../server/realtime/hub'
import { backends, type Harness, startHarness } from './harness'

interface Msg {
  ch: string
  seq: number
  ts: number
  data: unknown
}

describe.each(backends)('market data and socket feed on %s', (backend) => {
  let h: Harness
  let market: MarketData
  let app: Harness['app']
  let hub: RealtimeHub
  let url: string
  let now = Date.now()
  const sockets: Socket[] = []

  const get = async (u: string) => (await app.inject({ method: 'GET', url: u })).json()
  const tick = (symbol: string, price: number, volume = 1000) => {
    now += 1000
    market.onTicks([{ symbol, ts: now, price, volume }])
  }
  const open = (auth?: { token: string }) => {
    const s = connect(url, { transports: ['websocket'], auth, forceNew: true, reconnection: false })
    sockets.push(s)
    return s
  }
  const sub = (s: Socket, ch: string) =>
    s.emitWithAck('sub', ch) as Promise<{ ok: boolean; seq: number; data: unknown; code?: number }>
  const nextMsg = (s: Socket, ch: string) =>
    new Promise<Msg>((resolve) => {
      const on = (m: Msg) => {
        if (m.ch !== ch) return
        s.off('msg', on)
        resolve(m)
      }
      s.on('msg', on)
    })

  beforeAll(async () => {
    h = await startHarness(backend)
    const db: Db = h.db
    market = new MarketData(db, { now: () => now })
    await market.load()
    const r = await backfill(db, market.simInstruments(), { days: 3, seed: 'test', now, tz: market.tz })
    expect(r.rows).toBeGreaterThan(1000)
    await market.load()
    app = await buildApp({
      config: {
        ...loadConfig({}),
        logLevel: 'silent',
        staticDir: '/nonexistent',
        rateLimitPerMinute: 10_000,
      },
      db,
      market,
    })
    hub = new RealtimeHub(app.server, { market, db })
    await app.listen({ port: 0, host: '127.0.0.1' })
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    for (const s of sockets) s.close()
    await hub.close()
    await market.stop()
    await app.close()
    await h.close()
  })

  it('lists instruments in every category with precision, minimums, status and logo', async () => {
    const body = await get('/api/market/instruments')
    expect(body.code).toBe(200)
    const list = body.data as {
      symbol: string
      category: string
      logo: string
      minAmount: string
      status: string
    }[]
    const count = (c: string) => list.filter((i) => i.category === c).length
    expect(count('spot')).toBeGreaterThanOrEqual(20)
    expect(count('perpetual')).toBeGreaterThanOrEqual(4)
    expect(count('metals')).toBe(2)
    expect(count('stocks')).toBeGreaterThanOrEqual(4)
    expect(count('forex')).toBeGreaterThanOrEqual(3)
    expect(list.find((i) => i.symbol === 'BTCUSDT')).toMatchObject({
      base: 'BTC',
      quote: 'USDT',
      pricePrecision: 2,
      minAmount: '0.000001',
      status: 'trading',
      logo: '/api/logo/BTC.svg',
      logoColor: expect.stringMatching(/^#[0-9a-fA-F]{6}$/),
    })
    const metals = await get('/api/market/instruments?category=metals')
    expect(metals.data.map((i: { symbol: string }) => i.symbol)).toEqual(['XAUUSD', 'XAGUSD'])
    expect((await get('/api/market/instruments?category=bonds')).code).toBe(1101)
    const logos = (await get('/api/index/logo')).data
    const gold = list.find((i) => i.symbol === 'XAUUSD') as unknown as { logoColor: string }
    // The list's colour, the logo map's and the drawn SVG's are one colour.
    expect(logos.XAU).toBe(`/api/logo/XAU.svg#${gold.logoColor.slice(1)}`)
    const svg = await app.inject({ method: 'GET', url: '/api/logo/AAPL.svg' })
    expect(svg.body).toContain('>AAPL</text>')
    const apple = list.find((i) => i.symbol.startsWith('AAPL')) as unknown as { logoColor: string }
    expect(svg.body).toContain(`fill="${apple.logoColor}"`)
  })

  it('serves 24 h tickers: the index from the backfilled history, a market’s own figures apart', async () => {
    // Backfilled history is index history: a market that has not traded here has no price and no volume.
    const t = (await get('/api/market/ticker?symbol=ETHUSDT')).data as Ticker
    expect(t.index).toMatch(/^\d+\.\d+$/)
    expect(t).toMatchObject({ last: null, high: null, low: null, volume: '0', turnover: '0', change: '0.00' })
    // An instrument with no market here (gold) shows the index's figures, with no volume.
    const gold = (await get('/api/market/ticker?symbol=XAUUSD')).data as Ticker
    for (const k of ['last', 'open', 'high', 'low'] as const) expect(gold[k]).toMatch(/^\d+(\.\d+)?$/)
    expect(gold.change).toMatch(/^-?\d+\.\d{2}$/)
    expect(Number(gold.high)).toBeGreaterThanOrEqual(Number(gold.low))
    expect(gold).toMatchObject({ last: gold.index, volume: '0', turnover: '0' })
    expect((await get('/api/market/tickers')).data.length).toBe(
      (await get('/api/market/instruments')).data.length,
    )
    expect((await get('/api/market/ticker?symbol=NOPE')).code).toBe(1400)
    expect((await get('/api/market/ticker?symbol=bad%20symbol')).code).toBe(1101)
  })

  it('answers candles for every period and refuses bad periods and limits with clear codes', async () => {
    for (const period of ['1m', '5m', '15m', '30m', '1h', '4h', '1D', '1W', '1M']) {
      const body = await get(`/api/market/kline?symbol=BTCUSDT_PERP&period=${period}&limit=50`)
      expect(body.code, period).toBe(200)
      expect(body.data.length, period).toBeGreaterThan(0)
      const times = body.data.map((c: { t: number }) => c.t)
      expect([...times].sort((a, b) => a - b)).toEqual(times)
    }
    const bad = await get('/api/market/kline?symbol=BTCUSDT_PERP&period=2m')
    expect(bad).toMatchObject({ code: 1101, data: { field: 'period' } })
    expect((await get('/api/market/kline?symbol=BTCUSDT_PERP&period=1m&limit=5000')).code).toBe(1101)
    const page = await get('/api/market/kline?symbol=BTCUSDT_PERP&period=1h&limit=10')
    const older = await get(`/api/market/kline?symbol=BTCUSDT_PERP&period=1h&limit=10&to=${page.data[0].t}`)
    expect(older.data.at(-1).t).toBeLessThan(page.data[0].t)
  })

  it('folds index ticks into the live candle, the ticker and the stored candles', async () => {
    tick('SOLUSDT', 200_000)
    tick('SOLUSDT', 201_500)
    const t = (await get('/api/market/ticker?symbol=SOLUSDT')).data
    expect(t.index).toBe('201.500')
    // The spot chart is the market's own trades (none here); the stored index candle has the tick.
    expect((await get('/api/market/kline?symbol=SOLUSDT&period=1m&limit=1')).data).toEqual([])
    const k = { t: Math.floor(now / 60_000) * 60_000 }
    await market.flush()
    const row = await h.db
      .selectFrom('candle')
      .select(['close'])
      .where('symbol', '=', 'SOLUSDT')
      .where('period', '=', '1m')
      .where('open_time', '=', k.t)
      .executeTakeFirstOrThrow()
    expect(row.close).toBe('201.500')
  })

  it('gives a home floor with only real content and live lists', async () => {
    const f = (await get('/api/floor')).data
    // Banners and notices are only what operators published: none, and the starter welcome notice.
    expect(f.banners).toEqual([])
    expect(f.notices).toHaveLength(1)
    expect(f.notices[0].link).toMatch(/^\/pages\/article\/detail\?id=\d+$/)
    expect(f.lists.gainers).toHaveLength(5)
    expect(f.lists.hot).toContain('BTCUSDT')
    expect(f.shortcuts.map((s: { path: string }) => s.path)).toContain('/pages/market/market')
  })

  it('socket: tickers snapshot on subscribe, then ordered sequence numbers', async () => {
    await new Promise((r) => setTimeout(r, 150)) // let earlier tests' updates drain
    const s = open()
    const ack = await sub(s, 'tickers')
    expect(ack.ok).toBe(true)
    expect((ack.data as Ticker[]).length).toBeGreaterThan(30)
    const first = nextMsg(s, 'tickers')
    tick('BTCUSDT', 7_000_000)
    const m1 = await first
    expect(m1.seq).toBe(ack.seq + 1)
    expect((m1.data as Ticker[]).find((t) => t.symbol === 'BTCUSDT')).toMatchObject({ index: '70000.00' })
    // Bursts are coalesced: three ticks within 100 ms become one message with the newest price.
    const second = nextMsg(s, 'tickers')
    tick('BTCUSDT', 7_000_100)
    tick('BTCUSDT', 7_000_200)
    tick('ETHUSDT', 330_000)
    const m2 = await second
    expect(m2.seq).toBe(m1.seq + 1)
    const third = await Promise.race([
      nextMsg(s, 'tickers'),
      new Promise((r) => setTimeout(() => r(null), 400)),
    ])
    const merged = [...(m2.data as Ticker[]), ...(((third as Msg | null)?.data as Ticker[]) ?? [])]
    expect(merged.filter((t) => t.symbol === 'BTCUSDT').at(-1)?.index).toBe('70002.00')
    expect(merged.some((t) => t.symbol === 'ETHUSDT')).toBe(true)
    // Resync: a new subscription gives a fresh snapshot at the current sequence.
    const again = await sub(s, 'tickers')
    expect(again.seq).toBe(((third as Msg | null) ?? m2).seq)
    expect((again.data as Ticker[]).find((t) => t.symbol === 'BTCUSDT')?.index).toBe('70002.00')
  })

  it('socket: candle channel per symbol and period; bad channels get clear codes', async () => {
    const s = open()
    const ack = await sub(s, 'candle:XAUUSD:5m')
    expect(ack.ok).toBe(true)
    expect(ack.data).toMatchObject({ t: expect.any(Number), c: expect.stringMatching(/^\d+\.\d{2}$/) })
    const next = nextMsg(s, 'candle:XAUUSD:5m')
    tick('XAUUSD', 250_000)
    const m = await next
    expect(m.seq).toBe(ack.seq + 1)
    expect(m.data).toMatchObject({ c: '2500.00' })
    expect((await sub(s, 'candle:NOPE:5m')).code).toBe(1400)
    expect((await sub(s, 'candle:BTCUSDT:7m')).code).toBe(1101)
    expect((await sub(s, 'orders')).code).toBe(1004)
    expect((await sub(s, '<script>')).code).toBe(1101)
  })

  it('favourites: login required, add/remove/merge, pushed on the private user channel', async () => {
    expect((await get('/api/market/favorites')).code).toBe(1003)
    const userId = randomUUID()
    await h.db
      .insertInto('users')
      .values({ id: userId, password_hash: 'x', nickname: 'fav', invite_code: `I${userId.slice(0, 8)}` })
      .execute()
    const { token } = await createSession(h.db, userId, { ip: '127.0.0.1', userAgent: 'test' })
    const auth = { authorization: `Bearer ${token}` }
    const post = async (u: string, payload: unknown) =>
      (await app.inject({ method: 'POST', url: u, headers: auth, payload: payload as object })).json()

    expect((await sub(open(), 'user')).code).toBe(1003)
    const s = open({ token })
    const ack = await sub(s, 'user')
    expect(ack).toMatchObject({ ok: true, data: { favorites: [] } })

    const pushed = nextMsg(s, 'user')
    expect((await post('/api/market/favorites/add', { symbol: 'ETHUSDT' })).data).toEqual(['ETHUSDT'])
    expect(await pushed).toMatchObject({ seq: ack.seq + 1, data: { favorites: ['ETHUSDT'] } })
    expect((await post('/api/market/favorites/add', { symbol: 'NOPE' })).code).toBe(1400)
    const merged = await post('/api/market/favorites/merge', {
      symbols: ['BTCUSDT', 'ETHUSDT', 'GONE', 'XAUUSD'],
    })
    expect(merged.data).toEqual(['ETHUSDT', 'BTCUSDT', 'XAUUSD'])
    expect((await post('/api/market/favorites/remove', { symbol: 'ETHUSDT' })).data).toEqual([
      'BTCUSDT',
      'XAUUSD',
    ])
    const list = await app.inject({ method: 'GET', url: '/api/market/favorites', headers: auth })
    expect(list.json().data).toEqual(['BTCUSDT', 'XAUUSD'])
    expect((await post('/api/market/favorites/merge', { symbols: 'BTCUSDT' })).code).toBe(1101)
  })

  it('nothing in the API sets a price', async () => {
    const routes = app.printRoutes({ commonPrefix: false })
    expect(routes).not.toMatch(/price|setIndex|kline.*post/i)
  })
})
