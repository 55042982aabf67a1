import type { Candle, Ticker } from '@common/market/types'
import { cmp } from '@common/money/decimal'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { MarketData } from '../../server/market/service'
import { type Registered, registerEmail } from './accounts/helpers'
import { backends, type Harness, startHarness } from './harness'
import { fund, spotApi } from './spot/helpers'

/**
 * Honest figures (issue 36): a market's 24 h volume, turnover, high, low and last price are this
 * exchange's own fills in it, never the index; the index is shown apart.
 */
describe.each(backends)('a market’s own figures on %s', (backend) => {
  let h: Harness
  let market: MarketData
  let app: Harness['app']
  let s: ReturnType<typeof spotApi>
  let alice: Registered
  let bob: Registered
  let ts = 0

  const get = async <T>(u: string): Promise<T> =>
    (await app.inject({ method: 'GET', url: u })).json().data as T
  const ticker = (symbol: string) => get<Ticker>(`/api/market/ticker?symbol=${symbol}`)
  /** An index tick (the simulator's or the live index's). */
  const index = (symbol: string, price: number) => {
    ts = Math.max(ts + 1, Date.now())
    market.onTicks([{ symbol, ts, price, volume: 5_000_000 }])
  }
  const trade = async (price: string, amount: string) => {
    const before = (await ticker('BTCUSDT')).volume
    const ask = await s.place(alice.token, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', price, amount })
    expect(ask.code, ask.msg).toBe(200)
    const bid = await s.place(bob.token, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price, amount })
    expect(bid.data).toMatchObject({ status: 'filled' })
    // The engine reports fills once their transaction committed.
    await expect.poll(async () => (await ticker('BTCUSDT')).volume).not.toBe(before)
  }

  beforeAll(async () => {
    h = await startHarness(backend)
    market = new MarketData(h.db)
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
    s = spotApi({ ...h, app })
    alice = await registerEmail(app, h.db)
    bob = await registerEmail(app, h.db)
    await fund(h.db, alice.userId, 'BTC', '2')
    await fund(h.db, bob.userId, 'USDT', '200000')
    index('BTCUSDT', 6_500_000)
    index('ETHUSDT', 300_000)
    index('XAUUSD', 235_000)
  })
  afterAll(async () => {
    await market.stop()
    await app.close()
    await h.close()
  })

  it('shows no price and no volume for a market that has not traded, and the index apart', async () => {
    const t = await ticker('BTCUSDT')
    expect(t).toMatchObject({
      last: null,
      high: null,
      low: null,
      volume: '0',
      turnover: '0',
      index: '65000.00',
    })
    expect(await get<Candle[]>('/api/market/kline?symbol=BTCUSDT&period=1m&limit=5')).toEqual([])
    // An instrument with no market here (gold) shows its index with no volume.
    expect(await ticker('XAUUSD')).toMatchObject({
      last: '2350.00',
      index: '2350.00',
      volume: '0',
      turnover: '0',
    })
  })

  it('a trade of 0.5 BTC adds exactly 0.5 BTC to the 24 h volume; high, low and last come from fills', async () => {
    await trade('60000', '0.5')
    let t = await ticker('BTCUSDT')
    expect(cmp(t.volume, '0.5')).toBe(0)
    expect(cmp(t.turnover, '30000')).toBe(0)
    expect(t).toMatchObject({ last: '60000.00', high: '60000.00', low: '60000.00', index: '65000.00' })

    await trade('61000', '0.25')
    t = await ticker('BTCUSDT')
    expect(cmp(t.volume, '0.75')).toBe(0)
    expect(cmp(t.turnover, '45250')).toBe(0)
    expect(t).toMatchObject({ last: '61000.00', high: '61000.00', low: '60000.00' })

    // The index moving does not move a market's figures (it was the headline price before).
    index('BTCUSDT', 7_000_000)
    t = await ticker('BTCUSDT')
    expect(t).toMatchObject({ last: '61000.00', high: '61000.00', low: '60000.00', index: '70000.00' })
    expect(cmp(t.volume, '0.75')).toBe(0)
    // Other markets gained no volume.
    expect(await ticker('ETHUSDT')).toMatchObject({ last: null, volume: '0' })
    const all = await get<Ticker[]>('/api/market/tickers')
    expect(all.find((x) => x.symbol === 'ETHUSDT')?.volume).toBe('0')
  })

  it('draws the spot chart from the market’s own trades', async () => {
    const list = await get<Candle[]>('/api/market/kline?symbol=BTCUSDT&period=1m&limit=3')
    const last = list[list.length - 1] as Candle
    expect(last).toMatchObject({ c: '61000.00', h: '61000.00' })
    expect(cmp(last.v, '0.75')).toBe(0)
    // The perpetual and gold charts are the index series.
    const perp = await get<Candle[]>('/api/market/kline?symbol=XAUUSD&period=1m&limit=1')
    expect(perp[0]?.c).toBe('2350.00')
  })

  it('keeps the figures across a restart (the fills are stored as the market’s candles)', async () => {
    await market.flush()
    const again = new MarketData(h.db)
    await again.load()
    const t = again.publicTicker('BTCUSDT') as Ticker
    expect(cmp(t.volume, '0.75')).toBe(0)
    expect(t).toMatchObject({ last: '61000.00', high: '61000.00', low: '60000.00' })
  })
})
