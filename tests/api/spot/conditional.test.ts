import { add, mul, sub } from '@common/money/decimal'
import type { SpotOrder } from '@common/spot/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { SpotService } from '../../../server/modules/spot/service'
import { type Registered, registerEmail } from '../accounts/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { fund, spotApi, spotBalance } from './helpers'

/**
 * Conditional spot orders (issue 38): each type placed, then triggered by trades between two
 * other users at the price that reaches it; balances exact, the ledger sound after each.
 */
describe.each(backends)('spot conditional orders on %s', (backend) => {
  let h: Harness
  let s: ReturnType<typeof spotApi>
  let alice: Registered
  let maker: Registered
  let taker: Registered
  beforeAll(async () => {
    h = await startHarness(backend)
    s = spotApi(h)
    alice = await registerEmail(h.app, h.db)
    maker = await registerEmail(h.app, h.db)
    taker = await registerEmail(h.app, h.db)
    for (const u of [maker, taker]) {
      await fund(h.db, u.userId, 'ETH', '100')
      await fund(h.db, u.userId, 'USDT', '1000000')
      await fund(h.db, u.userId, 'BTC', '10')
    }
  })
  afterAll(async () => {
    await h.close()
  })

  const sound = async () => expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
  const ok = async (token: string, body: Record<string, unknown>) => {
    const r = await s.place(token, body)
    expect(r.code, r.msg).toBe(200)
    return r.data
  }
  /** A trade at `price` between the two other users: the market's last price becomes `price`. */
  const tradeAt = async (price: string, symbol = 'ETHUSDT') => {
    await ok(maker.token, { symbol, side: 'sell', type: 'limit', price, amount: '0.01' })
    const t = await ok(taker.token, { symbol, side: 'buy', type: 'limit', price, amount: '0.01' })
    expect(t.status).toBe('filled')
  }
  const history = async (id: string) => {
    const r = await s.get<{ list: SpotOrder[] }>('spot/orders/history', { limit: '50' }, alice.token)
    return r.data.list.find((o) => o.id === id) as SpotOrder
  }

  it('a stop-limit sell freezes at once, is refused if already reached, and fires into the book when the price falls to it', async () => {
    await fund(h.db, alice.userId, 'ETH', '1')
    await tradeAt('3000')
    const atOnce = await s.place(alice.token, {
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'stop_limit',
      triggerPrice: '3000',
      price: '2990',
      amount: '0.5',
    })
    expect(atOnce.code).toBe(1630)
    expect(await spotBalance(h.db, alice.userId, 'ETH')).toEqual({ available: '1', frozen: '0' })

    const stop = await ok(alice.token, {
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'stop_limit',
      triggerPrice: '2950',
      price: '2940',
      amount: '0.5',
    })
    expect(stop).toMatchObject({ status: 'waiting', triggerPrice: '2950', triggeredAt: null })
    expect(await spotBalance(h.db, alice.userId, 'ETH')).toEqual({ available: '0.5', frozen: '0.5' })
    const open = await s.open(alice.token, 'ETHUSDT')
    expect(open.data.map((o) => o.id)).toContain(stop.id)

    // A bid for the stop to meet, then the price falls to the trigger.
    await ok(taker.token, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '2945', amount: '1' })
    await tradeAt('2950')
    const done = await history(stop.id)
    expect(done).toMatchObject({ status: 'filled', filled: '0.5', avgPrice: '2945', type: 'stop_limit' })
    expect(done.triggeredAt).toBeGreaterThan(0)
    // 0.5 x 2,945 = 1,472.5, fee 0.1 % = 1.4725
    expect(await spotBalance(h.db, alice.userId, 'USDT')).toEqual({ available: '1471.0275', frozen: '0' })
    expect(await spotBalance(h.db, alice.userId, 'ETH')).toEqual({ available: '0.5', frozen: '0' })
    await s.cancelAll(taker.token)
    await sound()
  })

  it('a stop-market buy freezes its quote budget and spends it when the price rises to the trigger', async () => {
    await fund(h.db, alice.userId, 'USDT', '500')
    const before = await spotBalance(h.db, alice.userId, 'USDT')
    await tradeAt('3000')
    const stop = await ok(alice.token, {
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'stop_market',
      triggerPrice: '3100',
      quoteAmount: '100',
    })
    expect(await spotBalance(h.db, alice.userId, 'USDT')).toEqual({
      available: sub(before.available, '100'),
      frozen: '100',
    })
    await ok(maker.token, { symbol: 'ETHUSDT', side: 'sell', type: 'limit', price: '3150', amount: '1' })
    await tradeAt('3100')
    const done = await history(stop.id)
    expect(done.status).toBe('filled')
    expect(done.avgPrice).toBe('3150')
    // Spent exactly what it bought plus its fee; the rest of the budget released.
    expect(await spotBalance(h.db, alice.userId, 'USDT')).toEqual({
      available: sub(before.available, add(done.filledQuote, done.fee)),
      frozen: '0',
    })
    expect(await spotBalance(h.db, alice.userId, 'ETH')).toEqual({
      available: add('0.5', done.filled),
      frozen: '0',
    })
    await s.cancelAll(maker.token)
    await sound()
  })

  it('a take-profit market buy freezes its quote budget and spends it when the price falls to the trigger', async () => {
    await fund(h.db, alice.userId, 'USDT', '200')
    for (const u of [maker, taker]) await s.cancelAll(u.token)
    const usdt = await spotBalance(h.db, alice.userId, 'USDT')
    const eth = await spotBalance(h.db, alice.userId, 'ETH')
    await tradeAt('3000')
    const tp = await ok(alice.token, {
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'take_profit_market',
      triggerPrice: '2900',
      quoteAmount: '100',
    })
    expect(tp).toMatchObject({ status: 'waiting', triggerPrice: '2900', quoteAmount: '100' })
    expect(await spotBalance(h.db, alice.userId, 'USDT')).toEqual({
      available: sub(usdt.available, '100'),
      frozen: add(usdt.frozen, '100'),
    })
    // Above the trigger nothing fires; the trade at 2,880 (the cheapest ask) does.
    await tradeAt('2950')
    expect((await history(tp.id)).status).toBe('waiting')
    await ok(maker.token, { symbol: 'ETHUSDT', side: 'sell', type: 'limit', price: '2880', amount: '1' })
    await tradeAt('2900')
    const done = await history(tp.id)
    expect(done).toMatchObject({ status: 'filled', avgPrice: '2880', type: 'take_profit_market' })
    expect(done.triggeredAt).toBeGreaterThan(0)
    // Spent what it bought plus its fee, within the budget; the rest released.
    expect(Number(add(done.filledQuote, done.fee))).toBeLessThanOrEqual(100)
    expect(await spotBalance(h.db, alice.userId, 'USDT')).toEqual({
      available: sub(usdt.available, add(done.filledQuote, done.fee)),
      frozen: usdt.frozen,
    })
    expect(await spotBalance(h.db, alice.userId, 'ETH')).toEqual({
      available: add(eth.available, done.filled),
      frozen: eth.frozen,
    })
    await s.cancelAll(maker.token)
    await sound()
  })

  it('take-profit orders fire on the way up for a sell; with no one to trade with, a market one expires and releases its funds', async () => {
    const eth = await spotBalance(h.db, alice.userId, 'ETH')
    await tradeAt('3000')
    const tp = await ok(alice.token, {
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'take_profit_limit',
      triggerPrice: '3200',
      price: '3190',
      amount: '0.1',
    })
    const tpm = await ok(alice.token, {
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'take_profit_market',
      triggerPrice: '3300',
      amount: '0.1',
    })
    expect(await spotBalance(h.db, alice.userId, 'ETH')).toEqual({
      available: sub(eth.available, '0.2'),
      frozen: '0.2',
    })
    await tradeAt('3200')
    // Nobody bids at 3,190: the triggered take-profit rests in the book as a limit order.
    expect(await history(tp.id)).toMatchObject({ status: 'open', type: 'take_profit_limit' })
    const resting = (await s.open(alice.token)).data.find((o) => o.id === tp.id)
    expect(resting?.triggeredAt).toBeGreaterThan(0)
    await ok(taker.token, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '3190', amount: '0.1' })
    expect(await history(tp.id)).toMatchObject({ status: 'filled', avgPrice: '3190' })
    // The trade at 3,300 takes the only bid: the market take-profit finds nothing and expires.
    await tradeAt('3300')
    expect(await history(tpm.id)).toMatchObject({ status: 'expired', filled: '0' })
    expect(await spotBalance(h.db, alice.userId, 'ETH')).toEqual({
      available: sub(eth.available, '0.1'),
      frozen: '0',
    })
    await sound()
  })

  it('an OCO freezes once; a fill of the limit leg expires the stop leg, cancelling either leg cancels both', async () => {
    const eth = await spotBalance(h.db, alice.userId, 'ETH')
    await tradeAt('3000')
    const bad = await s.post<SpotOrder[]>(
      'spot/order/oco',
      { symbol: 'ETHUSDT', side: 'sell', amount: '0.2', price: '2950', triggerPrice: '2900' },
      alice.token,
    )
    expect(bad.code).toBe(1631)
    const placed = await s.post<SpotOrder[]>(
      'spot/order/oco',
      {
        symbol: 'ETHUSDT',
        side: 'sell',
        amount: '0.2',
        price: '3100',
        triggerPrice: '2900',
        stopPrice: '2890',
      },
      alice.token,
    )
    expect(placed.code, placed.msg).toBe(200)
    const [limit, stop] = placed.data as [SpotOrder, SpotOrder]
    expect(limit).toMatchObject({ type: 'limit', status: 'open', ocoId: stop.id })
    expect(stop).toMatchObject({ type: 'stop_limit', status: 'waiting', ocoId: limit.id })
    expect(await spotBalance(h.db, alice.userId, 'ETH')).toEqual({
      available: sub(eth.available, '0.2'),
      frozen: '0.2',
    })
    await ok(taker.token, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '3100', amount: '0.05' })
    expect(await history(limit.id)).toMatchObject({ status: 'partial', filled: '0.05' })
    expect(await history(stop.id)).toMatchObject({ status: 'expired' })
    await tradeAt('2900')
    expect(await history(stop.id)).toMatchObject({ status: 'expired', triggeredAt: null })
    expect((await s.cancel(alice.token, limit.id)).code).toBe(200)
    expect(await spotBalance(h.db, alice.userId, 'ETH')).toEqual({
      available: sub(eth.available, '0.05'),
      frozen: '0',
    })

    // A second OCO, cancelled through its stop leg.
    const again = await s.post<SpotOrder[]>(
      'spot/order/oco',
      { symbol: 'ETHUSDT', side: 'sell', amount: '0.1', price: '3000', triggerPrice: '2800' },
      alice.token,
    )
    expect(again.code, again.msg).toBe(200)
    const [l2, s2] = again.data as [SpotOrder, SpotOrder]
    expect((await s.cancel(alice.token, s2.id)).code).toBe(200)
    expect(await history(l2.id)).toMatchObject({ status: 'cancelled' })
    expect(await history(s2.id)).toMatchObject({ status: 'cancelled' })
    expect((await spotBalance(h.db, alice.userId, 'ETH')).frozen).toBe('0')
    await sound()
  })

  it('an OCO whose stop leg triggers withdraws the limit leg and trades with the shared freeze', async () => {
    const eth = await spotBalance(h.db, alice.userId, 'ETH')
    const usdt = await spotBalance(h.db, alice.userId, 'USDT')
    await tradeAt('3000')
    const placed = await s.post<SpotOrder[]>(
      'spot/order/oco',
      { symbol: 'ETHUSDT', side: 'sell', amount: '0.1', price: '3200', triggerPrice: '2900' },
      alice.token,
    )
    expect(placed.code, placed.msg).toBe(200)
    const [limit, stop] = placed.data as [SpotOrder, SpotOrder]
    await ok(taker.token, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '2880', amount: '1' })
    await tradeAt('2900')
    expect(await history(limit.id)).toMatchObject({ status: 'expired', filled: '0' })
    expect(await history(stop.id)).toMatchObject({ status: 'filled', type: 'stop_market', avgPrice: '2880' })
    // 0.1 x 2,880 = 288, fee 0.288
    expect(await spotBalance(h.db, alice.userId, 'ETH')).toEqual({
      available: sub(eth.available, '0.1'),
      frozen: '0',
    })
    expect(await spotBalance(h.db, alice.userId, 'USDT')).toEqual({
      available: add(usdt.available, '287.712'),
      frozen: '0',
    })
    await s.cancelAll(taker.token)
    await sound()
  })

  it('100 cancels racing the trade that triggers a stop: exactly one outcome', async () => {
    await fund(h.db, alice.userId, 'ETH', '0.2')
    const eth = await spotBalance(h.db, alice.userId, 'ETH')
    const usdt = await spotBalance(h.db, alice.userId, 'USDT')
    await tradeAt('3000')
    const stop = await ok(alice.token, {
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'stop_limit',
      triggerPrice: '2990',
      price: '2980',
      amount: '0.2',
    })
    await ok(taker.token, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '2985', amount: '1' })
    await ok(maker.token, { symbol: 'ETHUSDT', side: 'sell', type: 'limit', price: '2990', amount: '0.01' })
    const [cancels] = await Promise.all([
      Promise.all(Array.from({ length: 100 }, () => s.cancel(alice.token, stop.id))),
      s.place(taker.token, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '2990', amount: '0.01' }),
    ])
    const cancelled = cancels.filter((c) => c.code === 200).length
    const done = await history(stop.id)
    if (done.status === 'cancelled') {
      expect(cancelled).toBe(1)
      expect(done.triggeredAt).toBeNull()
      expect(await spotBalance(h.db, alice.userId, 'ETH')).toEqual(eth)
    } else {
      expect(cancelled).toBe(0)
      expect(done).toMatchObject({ status: 'filled', avgPrice: '2985' })
      expect(await spotBalance(h.db, alice.userId, 'ETH')).toEqual({
        available: sub(eth.available, '0.2'),
        frozen: '0',
      })
      // 0.2 x 2,985 = 597, fee 0.597
      expect((await spotBalance(h.db, alice.userId, 'USDT')).available).toBe(add(usdt.available, '596.403'))
    }
    expect(cancels.every((c) => c.code === 200 || c.code === 1601)).toBe(true)
    await s.cancelAll(taker.token)
    await sound()
  })

  it('a trailing stop keeps its watermark across a restart and fires on the callback from it', async () => {
    await fund(h.db, alice.userId, 'BTC', '1')
    await tradeAt('60000', 'BTCUSDT')
    // 5 %: trails 5 % under the highest price since placement.
    const trail = await ok(alice.token, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'trailing_stop',
      callbackRate: 500,
      amount: '0.1',
    })
    expect(trail).toMatchObject({ status: 'waiting', callbackRate: 500, watermark: '60000' })
    await tradeAt('62000', 'BTCUSDT')
    await tradeAt('61000', 'BTCUSDT')
    expect((await s.open(alice.token, 'BTCUSDT')).data.find((o) => o.id === trail.id)?.watermark).toBe(
      '62000',
    )

    // A restart: a new engine on the same database reads the watermark back.
    const restarted = new SpotService(h.db)
    await restarted.init()
    const place = (who: Registered, side: 'buy' | 'sell', price: string, amount = '0.01') =>
      restarted.place(who.userId, { symbol: 'BTCUSDT', side, type: 'limit', price, amount })
    // 62,000 x 0.95 = 58,900: a trade at 59,000 does not fire it, one at 58,900 does.
    await place(maker, 'sell', '59000')
    await place(taker, 'buy', '59000')
    expect((await history(trail.id)).status).toBe('waiting')
    await place(taker, 'buy', '58800', '1')
    await place(maker, 'sell', '58900')
    await place(taker, 'buy', '58900')
    const done = await history(trail.id)
    expect(done).toMatchObject({ status: 'filled', avgPrice: '58800', watermark: '62000' })
    expect(done.triggeredAt).toBeGreaterThan(0)
    // 0.1 x 58,800 = 5,880, fee 5.88
    expect(await spotBalance(h.db, alice.userId, 'BTC')).toEqual({ available: '0.9', frozen: '0' })
    expect(mul('0.1', '58800')).toBe('5880')
    await sound()
  })
})
