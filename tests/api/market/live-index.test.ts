import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import type { Db } from '../../../server/db/db'
import { indexHealth } from '../../../server/market/index-health'
import { parseMarketDataConfig } from '../../../server/market/live/config'
import { LiveMarketData } from '../../../server/market/live/market'
import { contractRisk } from '../../../server/modules/contract/risk'
import { contractService } from '../../../server/modules/contract/service'
import { marketDataView } from '../../../server/modules/market/index-status'
import { optionService } from '../../../server/modules/option/service'
import { FakeExchange } from '../../fakes/exchanges'
import { api, type Registered, registerEmail } from '../accounts/helpers'
import { contractBalance, quote } from '../contract/helpers'
import { backends, openMigratedDb } from '../harness'
import { fund } from '../spot/helpers'

const PERP = 'BTCUSDT_PERP'
const SPOT = 'BTCUSDT'
const PAIR = 'BTC/USDT'
const wait = { timeout: 30_000, interval: 100 }

/**
 * MARKET_DATA=live against three local exchanges speaking binance, okx and bybit (tests/fakes):
 * the index follows the median, drops an outlier, lives on two of three sources, goes stale on
 * one, and then refuses perpetual opens (1908), holds liquidations and option settlement, and
 * resumes when the sources come back. A restart continues the candles.
 */
describe.each(backends)('live index on %s', (backend) => {
  let db: Db
  let dropSchema: (() => Promise<void>) | null
  let app: FastifyInstance
  let market: LiveMarketData
  let fakes: FakeExchange[]
  let pump: ReturnType<typeof setInterval>
  let alice: Registered
  let live: ReturnType<typeof parseMarketDataConfig>

  const setAll = (price: string) => {
    for (const f of fakes) f.setPrice(PAIR, price)
  }
  const index = () => market.ticker(PERP)?.last
  const health = () => indexHealth(market)

  beforeAll(async () => {
    ;({ db, dropSchema } = await openMigratedDb(backend))
    fakes = await Promise.all(
      (['binance', 'okx', 'bybit'] as const).map((id) => new FakeExchange(id, [PAIR, 'ETH/USDT']).start()),
    )
    const sources = fakes.map((f) => ({ exchange: f.id, symbol: PAIR }))
    const rule = { sources, minSources: 2, staleMs: 2000, outlierBand: 0.02 }
    live = parseMarketDataConfig({
      exchanges: Object.fromEntries(fakes.map((f) => [f.id, f.options()])),
      instruments: { [PERP]: rule, [SPOT]: rule },
      pollMs: 300,
      optionWaitMs: 4000,
    })
    market = new LiveMarketData(db, { flushMs: 200 }, live)
    await market.load()
    const config = {
      ...loadConfig({}),
      logLevel: 'silent',
      staticDir: '/nonexistent',
      rateLimitPerMinute: 10_000,
    }
    app = await buildApp({ config, db, market })
    await app.ready()
    setAll('65000')
    pump = setInterval(() => {
      for (const f of fakes) f.tick()
    }, 100)
    market.start()
    alice = await registerEmail(app, db)
    await fund(db, alice.userId, 'USDT', '300', 'contract')
    await fund(db, alice.userId, 'USDT', '1000', 'option')
  })
  afterAll(async () => {
    clearInterval(pump)
    await market?.stop()
    await app?.close()
    await Promise.all((fakes ?? []).map((f) => f.close()))
    await db?.destroy()
    if (dropSchema) await dropSchema()
  })

  it('follows the median of the sources and drops an outlier', async () => {
    fakes[0]?.setPrice(PAIR, '65000')
    fakes[1]?.setPrice(PAIR, '65010')
    fakes[2]?.setPrice(PAIR, '65030')
    await expect.poll(index, wait).toBe('65010.00')
    expect(health().isStale(PERP)).toBe(false)
    // bybit 8 % away: dropped; the index is the median of the other two.
    fakes[2]?.setPrice(PAIR, '70200')
    await expect.poll(index, wait).toBe('65005.00')
    const bybit = health()
      .status(PERP)
      .sources.find((s) => s.exchange === 'bybit')
    expect(bybit?.state).toBe('outlier')
    expect(bybit?.outliers).toBeGreaterThan(0)
    fakes[2]?.setPrice(PAIR, '65010')
  })

  it('lives on two of three sources, goes stale on one: opens refused, no liquidation on the old price', async () => {
    // Alice holds a 100x long, opened while the index is fresh.
    setAll('65000')
    await expect.poll(index, wait).toBe('65000.00')
    await quote({ app, db, close: async () => undefined }, PERP)
    const { post } = api(app)
    const open = await post(
      'contract/order/place',
      { symbol: PERP, side: 'long', type: 'market', lots: 300, leverage: 100 },
      alice.token,
    )
    expect(open.code, open.msg).toBe(200)
    // The index falls below her liquidation price (no scheduler runs in this test).
    setAll('63000')
    await expect.poll(index, wait).toBe('63000.00')

    fakes[0]?.kill()
    await new Promise((r) => setTimeout(r, 2000))
    expect(health().isStale(PERP)).toBe(false)
    fakes[1]?.kill()
    await expect.poll(() => health().isStale(PERP), wait).toBe(true)
    const status = health().status(PERP)
    expect(status.state).toBe('stale')
    expect(
      status.sources
        .filter((s) => s.lastError !== null)
        .map((s) => s.exchange)
        .sort(),
    ).toEqual(['binance', 'okx'])

    // Users see it on the trade screens; operators see which sources failed and when.
    const { get } = api(app)
    const pub = await get<{ mode: string; state: string }>('market/index-status', { symbol: PERP })
    expect(pub.data).toMatchObject({ mode: 'live', state: 'stale' })
    const view = marketDataView(market).instruments.find((i) => i.symbol === PERP)
    expect(
      view?.sources
        .filter((s) => s.lastError)
        .map((s) => s.exchange)
        .sort(),
    ).toEqual(['binance', 'okx'])
    expect(marketDataView(market).instruments.find((i) => i.symbol === 'XAGUSD')?.state).toBe('none')
    const refused = await post(
      'contract/order/place',
      { symbol: PERP, side: 'long', type: 'market', lots: 1, leverage: 10 },
      alice.token,
    )
    expect(refused.code).toBe(1908)
    // Liquidation waits for a fresh index: neither the exact check nor the sweep acts.
    const svc = contractService(db)
    expect(await svc.liquidate(alice.userId)).toBe(false)
    expect(await contractRisk(db, svc).sweep()).toBe(0)
    expect(svc.positionsOf(alice.userId)).toHaveLength(1)
    // The dev hook cannot set a live index.
    expect((await post('dev/market/index', { symbol: PERP, price: '60000' })).code).toBe(1006)

    // Sources back: fresh again, and the liquidation acts on the fresh price.
    fakes[0]?.revive()
    fakes[1]?.revive()
    await expect.poll(() => health().isStale(PERP), wait).toBe(false)
    expect(await svc.liquidate(alice.userId)).toBe(true)
    expect(svc.positionsOf(alice.userId)).toHaveLength(0)
    expect(Number((await contractBalance(db, alice.userId)).frozen)).toBe(0)
  })

  it('option rounds wait for a fresh index at delivery, and are refunded after the wait', async () => {
    const o = optionService(db)
    o.listen(market)
    await expect.poll(() => health().isStale(SPOT), wait).toBe(false)
    const { post } = api(app)
    // A start second on a minute boundary: the 30 s and 60 s rounds both start there.
    const start = Math.ceil(Date.now() / 60_000) * 60 + 6000 * 60
    o.offsetMs = (start - 6) * 1000 + 200 - Date.now()
    const a = await post<{ roundId: string }>(
      'option/order',
      { symbol: SPOT, period: 30, type: 'up', amount: '100' },
      alice.token,
    )
    expect(a.code, a.msg).toBe(200)
    const b = await post<{ roundId: string }>(
      'option/order',
      { symbol: SPOT, period: 60, type: 'up', amount: '100' },
      alice.token,
    )
    expect(b.code, b.msg).toBe(200)
    // The open price: a live tick recorded at the start second.
    await expect
      .poll(
        async () => {
          await o.flushTicks()
          return o.now() > (start + 1) * 1000
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(true)

    fakes[0]?.kill()
    fakes[1]?.kill()
    await expect.poll(() => health().isStale(SPOT), wait).toBe(true)
    // No new order while stale.
    const refused = await post(
      'option/order',
      { symbol: SPOT, period: 30, type: 'up', amount: '100' },
      alice.token,
    )
    expect(refused.code).toBe(2004)
    // Delivery of the 30 s round passes while stale: it waits.
    await o.flushTicks()
    o.offsetMs = (start + 32) * 1000 - Date.now()
    expect(await o.settleRound(a.data.roundId)).toBeNull()
    // Fresh again within the wait: settled on the first fresh index after delivery.
    fakes[0]?.revive()
    fakes[1]?.revive()
    await expect.poll(() => health().isStale(SPOT), wait).toBe(false)
    await expect
      .poll(async () => {
        await o.flushTicks()
        return (await o.settleRound(a.data.roundId))?.result ?? null
      }, wait)
      .toMatch(/^(up|down|flat)$/)

    // The 60 s round: stale at delivery and for longer than the wait (4 s): void, refunded.
    fakes[0]?.kill()
    fakes[1]?.kill()
    await expect.poll(() => health().isStale(SPOT), wait).toBe(true)
    await o.flushTicks()
    const roundB = await db
      .selectFrom('option_round')
      .select('delivery_at')
      .where('id', '=', b.data.roundId)
      .executeTakeFirstOrThrow()
    o.offsetMs = (Number(roundB.delivery_at) + 6) * 1000 - Date.now()
    expect(await o.settleRound(b.data.roundId)).toEqual({ result: 'void', orders: 1 })
    fakes[0]?.revive()
    fakes[1]?.revive()
    await expect.poll(() => health().isStale(SPOT), wait).toBe(false)
  })

  it('a restart in live mode continues the candles without a gap', async () => {
    for (const f of fakes) f.revive()
    await market.stop()
    const last = market.currentCandle(SPOT, '1m')
    expect(last).not.toBeNull()
    const again = new LiveMarketData(db, { flushMs: 200 }, live)
    await again.load()
    expect(again.currentCandle(SPOT, '1m')).toEqual(last)
    expect(again.ticker(SPOT)?.last).toBe(market.ticker(SPOT)?.last)
    // Stale until its sources answer; nothing invented meanwhile.
    expect(indexHealth(again).isStale(SPOT)).toBe(true)
    again.start()
    market = again
    await expect.poll(() => indexHealth(again).isStale(SPOT), wait).toBe(false)
    await again.flush()
    const rows = await db
      .selectFrom('candle')
      .select(['open_time', 'open', 'close'])
      .where('symbol', '=', SPOT)
      .where('period', '=', '1m')
      .orderBy('open_time')
      .execute()
    for (let i = 1; i < rows.length; i++) {
      expect(Number(rows[i]?.open_time) - Number(rows[i - 1]?.open_time)).toBe(60_000)
      expect(rows[i]?.open).toBe(rows[i - 1]?.close)
    }
  })
})
