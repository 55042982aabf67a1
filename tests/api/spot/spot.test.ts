import type { LedgerRow } from '@common/assets/types'
import type { DepthSnapshot, PublicTrade, SpotFill, SpotOrder } from '@common/spot/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { SpotService, spotService } from '../../../server/modules/spot/service'
import { type Registered, registerEmail } from '../accounts/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { feesBalance, fund, spotApi, spotBalance } from './helpers'

describe.each(backends)('spot trading on %s', (backend) => {
  let h: Harness
  let s: ReturnType<typeof spotApi>
  let alice: Registered
  let bob: Registered
  beforeAll(async () => {
    h = await startHarness(backend)
    s = spotApi(h)
    alice = await registerEmail(h.app, h.db)
    bob = await registerEmail(h.app, h.db)
  })
  afterAll(async () => {
    await h.close()
  })

  const sound = async () => expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)

  it('fills between two users, settles both sides and the fees exactly, and cancels the rest', async () => {
    await fund(h.db, alice.userId, 'BTC', '1')
    await fund(h.db, bob.userId, 'USDT', '10000')
    const feesBefore = await feesBalance(h.db)

    const ask = await s.place(alice.token, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      price: '60000',
      amount: '0.1',
    })
    expect(ask.code, ask.msg).toBe(200)
    expect(ask.data).toMatchObject({ status: 'open', filled: '0', price: '60000', amount: '0.1' })
    expect(await spotBalance(h.db, alice.userId, 'BTC')).toEqual({ available: '0.9', frozen: '0.1' })

    const depth = await s.get<DepthSnapshot>('spot/depth', { symbol: 'BTCUSDT' })
    expect(depth.data.asks).toEqual([{ price: '60000', amount: '0.1' }])

    const buy = await s.place(bob.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '60000',
      amount: '0.05',
    })
    expect(buy.code, buy.msg).toBe(200)
    expect(buy.data).toMatchObject({
      status: 'filled',
      filled: '0.05',
      filledQuote: '3000',
      fee: '3',
      avgPrice: '60000',
    })
    // Bob: 3000 + 0.1 % fee out of USDT, 0.05 BTC in. Alice: 3000 - 0.1 % fee in.
    expect(await spotBalance(h.db, bob.userId, 'USDT')).toEqual({ available: '6997', frozen: '0' })
    expect(await spotBalance(h.db, bob.userId, 'BTC')).toEqual({ available: '0.05', frozen: '0' })
    expect(await spotBalance(h.db, alice.userId, 'USDT')).toEqual({ available: '2997', frozen: '0' })
    expect(await spotBalance(h.db, alice.userId, 'BTC')).toEqual({ available: '0.9', frozen: '0.05' })

    // A higher bid takes the rest at the maker's price and rests the remainder.
    const bid = await s.place(bob.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '61000',
      amount: '0.1',
    })
    expect(bid.data).toMatchObject({ status: 'partial', filled: '0.05', filledQuote: '3000' })
    // 6100 + 6.1 frozen, 3000 + 3 spent: 3103.1 still frozen for the resting 0.05.
    expect(await spotBalance(h.db, bob.userId, 'USDT')).toEqual({ available: '890.9', frozen: '3103.1' })
    expect(await feesBalance(h.db)).toBe(String(Number(feesBefore) + 12))

    const bal = await s.get<{
      base: { available: string; precision?: number }
      quote: { frozen: string; precision?: number }
    }>('spot/balance', { symbol: 'BTCUSDT' }, bob.token)
    expect(bal.data.base.available).toBe('0.1')
    // Each asset's precision, for the form's display precision (issue 34).
    expect(bal.data.base.precision).toBe(8)
    expect(bal.data.quote.precision).toBe(6)
    // Without a VIP tier the caller's rates are the instrument's.
    expect(bal.data).toMatchObject({
      makerFee: '0.001',
      takerFee: '0.001',
      feeRates: { maker: '0.001', taker: '0.001' },
    })
    expect(bal.data.quote.frozen).toBe('3103.1')
    const open = await s.open(bob.token)
    expect(open.data.map((o) => o.id)).toEqual([bid.data.id])

    const cancelled = await s.cancel(bob.token, bid.data.id)
    expect(cancelled.data.status).toBe('cancelled')
    expect(await spotBalance(h.db, bob.userId, 'USDT')).toEqual({ available: '3994', frozen: '0' })
    expect((await s.cancel(bob.token, bid.data.id)).code).toBe(1601)
    expect((await s.open(bob.token)).data).toEqual([])

    const trades = await s.get<PublicTrade[]>('spot/trades', { symbol: 'BTCUSDT' })
    expect(trades.data.map((t) => [t.price, t.amount, t.side])).toEqual([
      ['60000', '0.05', 'buy'],
      ['60000', '0.05', 'buy'],
    ])
    const fills = await s.get<{ list: SpotFill[] }>('spot/fills', {}, alice.token)
    expect(fills.data.list.map((f) => [f.role, f.side, f.amount, f.fee])).toEqual([
      ['maker', 'sell', '0.05', '3'],
      ['maker', 'sell', '0.05', '3'],
    ])
    const hist = await s.get<{ list: SpotOrder[]; hasMore: boolean }>(
      'spot/orders/history',
      { limit: '2' },
      bob.token,
    )
    expect(hist.data.list.map((o) => o.status)).toEqual(['cancelled', 'filled'])
    expect(hist.data.hasMore).toBe(true)
    const next = await s.get<{ list: SpotOrder[] }>(
      'spot/orders/history',
      { limit: '2', before: hist.data.list[1]?.id as string },
      bob.token,
    )
    expect(next.data.list).toEqual([])
    await sound()
  })

  it('market orders take the book and release what they did not use', async () => {
    await fund(h.db, alice.userId, 'ETH', '2')
    await s.place(alice.token, {
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'limit',
      price: '3000',
      amount: '0.5',
    })
    await s.place(alice.token, {
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'limit',
      price: '3100',
      amount: '0.5',
    })
    const before = await spotBalance(h.db, bob.userId, 'USDT')
    // 1000 USDT buys 1000 / 1.001 = 999.000999 of notional: 0.33 ETH at 3000 = 990 (+0.99 fee).
    const mkt = await s.place(bob.token, {
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'market',
      quoteAmount: '1000',
    })
    expect(mkt.code, mkt.msg).toBe(200)
    expect(mkt.data).toMatchObject({ status: 'filled', filled: '0.333', filledQuote: '999', fee: '0.999' })
    const after = await spotBalance(h.db, bob.userId, 'USDT')
    expect(after.frozen).toBe('0')
    expect(Number(before.available) - Number(after.available)).toBeCloseTo(999.999, 6)
    expect(await spotBalance(h.db, bob.userId, 'ETH')).toEqual({ available: '0.333', frozen: '0' })

    // Selling into an empty bid side is refused and changes nothing.
    const none = await s.place(bob.token, { symbol: 'ETHUSDT', side: 'sell', type: 'market', amount: '0.1' })
    expect(none.code).toBe(1602)
    expect(await spotBalance(h.db, bob.userId, 'ETH')).toEqual({ available: '0.333', frozen: '0' })
    await s.cancelAll(alice.token)
    expect((await s.open(alice.token)).data).toEqual([])
    await sound()
  })

  it("a taker's fills are one trade and one fee entry, each bucket moved once; only what rests is frozen", async () => {
    const maker = await registerEmail(h.app, h.db)
    const taker = await registerEmail(h.app, h.db)
    await fund(h.db, maker.userId, 'ETH', '1')
    await fund(h.db, taker.userId, 'USDT', '1000')
    for (const price of ['2000', '2010'])
      await s.place(maker.token, { symbol: 'ETHUSDT', side: 'sell', type: 'limit', price, amount: '0.1' })
    // Takes 0.1 at 2000 and 0.1 at 2010 from two asks of one maker, and rests 0.1 at 2010.
    const buy = await s.place(taker.token, {
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      price: '2010',
      amount: '0.3',
    })
    expect(buy.data).toMatchObject({ status: 'partial', filled: '0.2', filledQuote: '401', fee: '0.401' })
    // The order's freeze at its limit is 603 + 0.603 fee; the fills spent 401.401 of it, so
    // 202.202 stays frozen for the resting 0.1 (the first fill's better price included).
    expect(await spotBalance(h.db, taker.userId, 'USDT')).toEqual({ available: '396.397', frozen: '202.202' })
    const entries = await h.db
      .selectFrom('ledger_entry as e')
      .innerJoin('ledger_posting as p', 'p.entry_id', 'e.id')
      .select(['e.id', 'e.reason', 'p.holder', 'p.asset', 'p.bucket', 'p.amount'])
      .where('e.ref_type', '=', 'spot_order')
      .where('e.ref_id', '=', buy.data.id)
      .orderBy('e.id')
      .orderBy('p.id')
      .execute()
    const who = (holder: string) =>
      holder === taker.userId ? 'taker' : holder === maker.userId ? 'maker' : holder
    expect(
      entries.map((e) => [e.reason, who(e.holder), e.asset, e.bucket, String(Number(e.amount))]),
    ).toEqual([
      ['spot_trade', 'taker', 'USDT', 'available', '-401'],
      ['spot_trade', 'maker', 'USDT', 'available', '401'],
      ['spot_trade', 'maker', 'ETH', 'frozen', '-0.2'],
      ['spot_trade', 'taker', 'ETH', 'available', '0.2'],
      ['spot_fee', 'taker', 'USDT', 'available', '-0.401'],
      ['spot_fee', 'system', 'USDT', 'available', '0.802'],
      ['spot_fee', 'maker', 'USDT', 'available', '-0.401'],
      ['spot_freeze', 'taker', 'USDT', 'available', '-202.202'],
      ['spot_freeze', 'taker', 'USDT', 'frozen', '202.202'],
    ])
    // What the taker's bills show: the trade and its fee, once per asset.
    type Bills = { list: LedgerRow[] }
    const bills = await s.get<Bills>('assets/ledger', { internal: '0' }, taker.token)
    expect(bills.data.list.map((b) => [b.reason, b.coin, String(Number(b.amount))])).toEqual([
      ['spot_fee', 'USDT', '-0.401'],
      ['spot_trade', 'ETH', '0.2'],
      ['spot_trade', 'USDT', '-401'],
      ['recharge', 'USDT', '1000'],
    ])
    // Filled at once and nothing rests: nothing of the seller's is frozen or released; the
    // resting bid it fills is released of what its better first fill left (1 + 0.001 fee).
    const sell = await s.place(maker.token, {
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'limit',
      price: '2010',
      amount: '0.1',
    })
    expect(sell.data.status).toBe('filled')
    const sold = await h.db
      .selectFrom('ledger_entry')
      .select('reason')
      .where('ref_type', '=', 'spot_order')
      .where('ref_id', '=', sell.data.id)
      .orderBy('id')
      .execute()
    expect(sold.map((e) => e.reason)).toEqual(['spot_trade', 'spot_fee', 'spot_unfreeze'])
    expect(await spotBalance(h.db, taker.userId, 'USDT')).toEqual({ available: '397.398', frozen: '0' })
    expect(await spotBalance(h.db, maker.userId, 'ETH')).toEqual({ available: '0.7', frozen: '0' })
    await sound()
  })

  it('refuses a suspended market, a too-small order, bad input and unknown symbols', async () => {
    await h.db
      .updateTable('instrument')
      .set({ status: 'suspended' })
      .where('symbol', '=', 'SOLUSDT')
      .execute()
    // Changed behind the console's back: the spot service is told to re-read the row.
    await spotService(h.db).invalidate('SOLUSDT')
    const susp = await s.place(bob.token, {
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'limit',
      price: '100',
      amount: '1',
    })
    expect(susp.code).toBe(1401)
    await h.db.updateTable('instrument').set({ status: 'trading' }).where('symbol', '=', 'SOLUSDT').execute()
    await spotService(h.db).invalidate('SOLUSDT')

    const small = await s.place(bob.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '100',
      amount: '0.001',
    })
    expect(small.code).toBe(1201)
    const dust = await s.place(bob.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '60000',
      amount: '0.0000001',
    })
    expect(dust.code).toBe(1201)
    const bad = await s.place(bob.token, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '1' })
    expect(bad.code).toBe(1101)
    const neg = await s.place(bob.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '-1',
      amount: '1',
    })
    expect(neg.code).toBe(1101)
    const unknown = await s.place(bob.token, {
      symbol: 'XAUUSD',
      side: 'buy',
      type: 'limit',
      price: '1',
      amount: '10',
    })
    expect(unknown.code).toBe(1400)
    const anon = await s.place('', {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '1',
      amount: '10',
    })
    expect(anon.code).toBe(1003)
    expect((await s.get('spot/depth', { symbol: 'NOPEUSDT' })).code).toBe(1400)
    await sound()
  })

  it('refuses an order beyond the balance and changes nothing', async () => {
    const carol = await registerEmail(h.app, h.db)
    await fund(h.db, carol.userId, 'USDT', '100')
    const entries = (await checkLedger(h.db)).entries
    const res = await s.place(carol.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '50000',
      amount: '0.01',
    })
    expect(res.code).toBe(1200)
    expect(await spotBalance(h.db, carol.userId, 'USDT')).toEqual({ available: '100', frozen: '0' })
    expect((await checkLedger(h.db)).entries).toBe(entries)
    expect((await s.open(carol.token)).data).toEqual([])
    const depth = await s.get<DepthSnapshot>('spot/depth', { symbol: 'BTCUSDT' })
    expect(depth.data.bids.find((b) => b.price === '50000')).toBeUndefined()
    await sound()
  })

  it("a user cannot cancel or see another user's order", async () => {
    await fund(h.db, alice.userId, 'USDT', '100')
    const o = await s.place(alice.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '1000',
      amount: '0.01',
    })
    expect(o.code).toBe(200)
    expect((await s.cancel(bob.token, o.data.id)).code).toBe(1600)
    expect((await s.cancelAll(bob.token, 'BTCUSDT')).data.cancelled).toBe(0)
    expect((await s.open(bob.token)).data.find((x) => x.id === o.data.id)).toBeUndefined()
    expect((await s.open(alice.token)).data.map((x) => x.id)).toContain(o.data.id)
    expect((await s.cancel(alice.token, o.data.id)).code).toBe(200)
    await sound()
  })

  it('a frozen user may not trade', async () => {
    const dave = await registerEmail(h.app, h.db)
    await fund(h.db, dave.userId, 'USDT', '100')
    await h.db.updateTable('users').set({ status: 'frozen' }).where('id', '=', dave.userId).execute()
    const order = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', amount: '0.01' } as const
    // The session of a frozen account no longer opens private endpoints; the use case refuses too.
    const res = await s.place(dave.token, order)
    expect([1003, 1007]).toContain(res.code)
    await expect(spotService(h.db).place(dave.userId, order)).rejects.toMatchObject({ code: 1007 })
    expect(await spotBalance(h.db, dave.userId, 'USDT')).toEqual({ available: '100', frozen: '0' })
  })

  it('200 parallel orders on one balance never overdraw it', async () => {
    const erin = await registerEmail(h.app, h.db)
    await fund(h.db, erin.userId, 'USDT', '1000')
    // Each bid freezes 10 + 0.01 fee: 99 fit in 1000.
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        s.place(erin.token, { symbol: 'DOTUSDT', side: 'buy', type: 'limit', price: '1', amount: '10' }),
      ),
    )
    const okCount = results.filter((r) => r.code === 200).length
    expect(okCount).toBe(99)
    expect(results.filter((r) => r.code !== 200).every((r) => r.code === 1200)).toBe(true)
    expect(await spotBalance(h.db, erin.userId, 'USDT')).toEqual({ available: '9.01', frozen: '990.99' })
    const depth = await s.get<DepthSnapshot>('spot/depth', { symbol: 'DOTUSDT' })
    expect(depth.data.bids).toEqual([{ price: '1', amount: '990' }])
    await sound()
  })

  it('rebuilds the same books from the open orders after a restart', async () => {
    const live = new SpotService(h.db)
    await live.init()
    const fresh = await s.get<DepthSnapshot>('spot/depth', { symbol: 'DOTUSDT', limit: '50' })
    const rebuilt = live.depth('DOTUSDT', 50)
    expect({ bids: rebuilt.bids, asks: rebuilt.asks }).toEqual({
      bids: fresh.data.bids,
      asks: fresh.data.asks,
    })
  })
})
