import { EventEmitter } from 'node:events'
import { FUNDING_INTERVAL_MS, nextFundingAt } from '@common/contract/funding'
import type { ContractPosition } from '@common/contract/schema'
import { add, cmp, normalize, sub, sum } from '@common/money/decimal'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { MarketData } from '../../../server/market/service'
import { runFunding } from '../../../server/modules/contract/funding'
import { ContractJobs } from '../../../server/modules/contract/jobs'
import { contractService } from '../../../server/modules/contract/service'
import { PushJobs } from '../../../server/modules/push/jobs'
import { type Registered, registerEmail } from '../accounts/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { BTC, contractApi, contractBalance, expectSound, fundContract, quote, systemBalance } from './helpers'

describe.each(backends)('perpetual contracts on %s', (backend) => {
  let h: Harness
  let c: ReturnType<typeof contractApi>
  let alice: Registered
  let bob: Registered
  let grace: Registered
  beforeAll(async () => {
    h = await startHarness(backend)
    c = contractApi(h)
    alice = await registerEmail(h.app, h.db)
    bob = await registerEmail(h.app, h.db)
    grace = await registerEmail(h.app, h.db)
    await fundContract(h.db, alice.userId, '10000')
    await fundContract(h.db, bob.userId, '10000')
    expect((await c.index(BTC, '65000')).code).toBe(200)
  })
  afterAll(async () => {
    await h.close()
  })

  it('opens between two users with a partial fill: margin frozen, fees paid, positions on both sides', async () => {
    const feesBefore = await systemBalance(h.db, 'fees')
    // Bob rests a short of 20 lots (0.02 BTC) at 65,000, 10x.
    const ask = await c.place(bob.token, {
      symbol: BTC,
      side: 'short',
      type: 'limit',
      lots: 20,
      leverage: 10,
      price: '65000',
    })
    expect(ask.code, ask.msg).toBe(200)
    // Initial margin 0.02 x 65,000 / 10 = 130 plus the larger fee rate (0.05 %) = 0.65, frozen.
    expect(ask.data).toMatchObject({ status: 'open', filledLots: '0', kind: 'open', margin: '130.65' })
    expect(await contractBalance(h.db, bob.userId)).toEqual({ available: '9869.35', frozen: '130.65' })

    // Alice takes 5 of them: Bob's order is partly filled.
    const buy = await c.place(alice.token, {
      symbol: BTC,
      side: 'long',
      type: 'limit',
      lots: 5,
      leverage: 20,
      price: '65000',
    })
    expect(buy.code, buy.msg).toBe(200)
    expect(buy.data).toMatchObject({ status: 'filled', filledLots: '5', avgPrice: '65000' })
    const open = await c.get<{ status: string; filledLots: string }[]>('contract/orders/open', {}, bob.token)
    expect(open.data[0]).toMatchObject({ status: 'partial', filledLots: '5' })

    const [pa] = (await c.positions(alice.token)).data as ContractPosition[]
    expect(pa).toMatchObject({
      symbol: BTC,
      side: 'long',
      lots: '5',
      qty: '0.005',
      leverage: 20,
      margin: '16.25',
    })
    // Taker fee 0.05 % of 325 = 0.1625; maker fee 0.02 % = 0.065.
    expect(pa?.fee).toBe('0.1625')
    const [pb] = (await c.positions(bob.token)).data as ContractPosition[]
    expect(pb).toMatchObject({ side: 'short', lots: '5', margin: '32.5', fee: '0.065' })
    expect(cmp(sub(await systemBalance(h.db, 'fees'), feesBefore), '0.2275')).toBe(0)
    // Alice's unused reserve (limit at 65,000 filled there) is back: 10000 - 16.25 - 0.1625.
    expect(await contractBalance(h.db, alice.userId)).toEqual({ available: '9983.5875', frozen: '16.25' })
    // Bob: 32.5 of position margin and the rest of his order's reserve (130.65 - 32.5 - 0.065).
    expect(await contractBalance(h.db, bob.userId)).toEqual({ available: '9869.35', frozen: '130.585' })
    const cancelled = await c.post<{ cancelled: number }>('contract/order/cancel-all', {}, bob.token)
    expect(cancelled.data.cancelled).toBe(1)
    expect(await contractBalance(h.db, bob.userId)).toEqual({ available: '9967.435', frozen: '32.5' })
    const account = await c.account(bob.token)
    expect(account.data).toMatchObject({
      walletBalance: '9999.935',
      positionMargin: '32.5',
      orderMargin: '0',
    })
    await expectSound(h.db)
  })

  it('closes against the market maker with realized PnL into the history; close all and reverse', async () => {
    await quote(h)
    const depth = await c.get<{ bids: unknown[]; asks: unknown[] }>('contract/depth', { symbol: BTC })
    expect(depth.data.bids.length).toBeGreaterThan(0)
    expect(depth.data.asks.length).toBeGreaterThan(0)
    // Reverse Alice's long: closed at the bid, a short of 5 lots opened, one request.
    const rev = await c.post<{ side: string; filledLots: string; source: string }>(
      'contract/position/reverse',
      { symbol: BTC, side: 'long' },
      alice.token,
    )
    expect(rev.code, rev.msg).toBe(200)
    expect(rev.data).toMatchObject({ side: 'short', filledLots: '5', source: 'reverse' })
    const after = (await c.positions(alice.token)).data
    expect(after.map((p) => [p.side, p.lots])).toEqual([['short', '5']])
    const hist = await c.get<{ list: { reason: string; side: string; realizedPnl: string }[] }>(
      'contract/positions/history',
      {},
      alice.token,
    )
    expect(hist.data.list[0]).toMatchObject({ reason: 'reverse', side: 'long' })
    // Close all: every position of Alice closed at the market.
    await c.place(alice.token, { symbol: BTC, side: 'long', type: 'market', lots: 3, leverage: 5 })
    expect((await c.positions(alice.token)).data.length).toBe(2)
    const all = await c.post<{ closed: number }>('contract/position/close-all', {}, alice.token)
    expect(all.data.closed).toBe(2)
    expect((await c.positions(alice.token)).data).toEqual([])
    // Nothing is frozen any more; the bills show each step with its reason.
    expect((await contractBalance(h.db, alice.userId)).frozen).toBe('0')
    const bills = await c.get<{ list: { reason: string }[] }>(
      'assets/ledger',
      { account: 'contract' },
      alice.token,
    )
    const reasons = new Set(bills.data.list?.map((b) => b.reason) ?? [])
    for (const r of ['contract_margin', 'contract_fee', 'contract_settlement'])
      expect(reasons.has(r), r).toBe(true)
    await expectSound(h.db)
  })

  it('takes profit and stops losses from the index (reduce-only market closes)', async () => {
    await c.index(BTC, '65000')
    await quote(h)
    await c.place(alice.token, { symbol: BTC, side: 'long', type: 'market', lots: 10, leverage: 10 })
    await c.place(bob.token, { symbol: BTC, side: 'short', type: 'market', lots: 10, leverage: 10 })
    const tp = await c.post<ContractPosition>(
      'contract/position/tpsl',
      { symbol: BTC, side: 'long', tp: '66000', sl: '60000' },
      alice.token,
    )
    expect(tp.code, tp.msg).toBe(200)
    expect(tp.data).toMatchObject({ tp: '66000', sl: '60000' })
    const sl = await c.post('contract/position/tpsl', { symbol: BTC, side: 'short', sl: '65500' }, bob.token)
    expect(sl.code, sl.msg).toBe(200)
    // Index to 65,600: Bob's stop-loss fires (short SL at or above), Alice's TP not yet.
    const r1 = await c.index(BTC, '65600')
    expect(r1.data.triggered).toBe(1)
    expect((await c.positions(bob.token)).data.find((p) => p.side === 'short')).toBeUndefined()
    await quote(h)
    const r2 = await c.index(BTC, '66100')
    expect(r2.data.triggered).toBe(1)
    expect((await c.positions(alice.token)).data).toEqual([])
    const ha = await c.get<{ list: { reason: string; realizedPnl: string }[] }>(
      'contract/positions/history',
      {},
      alice.token,
    )
    expect(ha.data.list[0]?.reason).toBe('tp')
    expect(cmp(ha.data.list[0]?.realizedPnl ?? '0', '0')).toBe(1)
    const hb = await c.get<{ list: { reason: string; realizedPnl: string }[] }>(
      'contract/positions/history',
      {},
      bob.token,
    )
    expect(hb.data.list[0]?.reason).toBe('sl')
    await expectSound(h.db)
  })

  it('pays funding between longs and shorts (market maker included): payments and dust sum to zero', async () => {
    await c.index(BTC, '66000')
    await quote(h)
    await c.place(alice.token, { symbol: BTC, side: 'long', type: 'market', lots: 7, leverage: 10 })
    await c.place(bob.token, { symbol: BTC, side: 'short', type: 'market', lots: 3, leverage: 10 })
    const insBefore = await systemBalance(h.db, 'insurance')
    const r = await c.post<{ id: string; rate: string }[]>('dev/contract/funding', { symbol: BTC })
    expect(r.code, r.msg).toBe(200)
    expect(r.data[0]?.rate).toBe('0.0001')
    const { rows } = await (await import('kysely')).sql<{ amount: string; holder: string }>`
      select amount::text, holder from contract_funding_payment where round_id = ${r.data[0]?.id}`.execute(
      h.db,
    )
    const dust = sub(await systemBalance(h.db, 'insurance'), insBefore)
    expect(add(sum(rows.map((x) => x.amount)), dust)).toBe('0')
    const mine = await c.get<{ list: { amount: string; side: string }[] }>(
      'contract/funding/payments',
      {},
      alice.token,
    )
    // Long 0.007 BTC x 66,000 x 0.01 % = 0.0462 paid.
    expect(mine.data.list[0]).toMatchObject({ side: 'long', amount: '-0.0462' })
    const pub = await c.get<{ list: { rate: string }[]; nextFundingAt: number }>('contract/funding', {
      symbol: BTC,
    })
    expect(pub.data.list[0]?.rate).toBe('0.0001')
    expect(pub.data.nextFundingAt).toBeGreaterThan(Date.now())
    await c.post('contract/position/close-all', {}, alice.token)
    await c.post('contract/position/close-all', {}, bob.token)
    await expectSound(h.db)
  })

  it('liquidates a 100x long when the index crashes: no negative balance, the insurance fund pays any gap', async () => {
    const carol = await registerEmail(h.app, h.db)
    await fundContract(h.db, carol.userId, '70')
    await c.index(BTC, '65000')
    await quote(h)
    const o = await c.place(carol.token, {
      symbol: BTC,
      side: 'long',
      type: 'market',
      lots: 100,
      leverage: 100,
    })
    expect(o.code, o.msg).toBe(200)
    const [p] = (await c.positions(carol.token)).data
    expect(p?.liquidationPrice).not.toBeNull()
    // The market maker leaves the book; the only bid left is Bob's, 60,000, far below.
    await contractService(h.db).requote('mm:1', BTC, [])
    await c.place(bob.token, {
      symbol: BTC,
      side: 'long',
      type: 'limit',
      lots: 100,
      leverage: 10,
      price: '60000',
    })
    const insBefore = await systemBalance(h.db, 'insurance')
    const jobs = new PushJobs(
      h.db,
      new EventEmitter() as unknown as MarketData,
      null,
      undefined,
      contractService(h.db),
    )
    jobs.start()
    const crash = await c.index(BTC, '63040')
    expect(crash.data.liquidated).toBe(1)
    await jobs.stop()
    // Told even with the app closed: an in-app notification (and a push where a device subscribed),
    // its amounts grouped for the reader's language (tw without a lang header).
    const notes = await c.get<{ list: { title: string; summary: string }[] }>(
      'user/myNotifiables',
      { size: '50' },
      carol.token,
    )
    expect(notes.data.list.some((n) => n.title.includes(BTC) && n.summary.includes('63,040'))).toBe(true)
    expect((await c.positions(carol.token)).data).toEqual([])
    const liq = await c.get<{
      list: { indexPrice: string; lots: string; insurancePaid: string; loss: string; closePrice: string }[]
    }>('contract/liquidations', {}, carol.token)
    expect(liq.data.list[0]).toMatchObject({ indexPrice: '63040', lots: '100' })
    // Bob's 60,000 bid is outside the 2 % protection band (61,779.2): the liquidation order (IOC,
    // bounded by the bankruptcy price, about 64,332) fills nothing, and the risk protection fund
    // takes the position over at the bankruptcy price. Carol keeps what is left above it (under a
    // tick's worth, then the fees): no negative balance, and no fill at 60,000.
    const closePrice = liq.data.list[0]?.closePrice ?? '0'
    expect(cmp(closePrice, '64000')).toBe(1)
    expect(cmp(closePrice, '63040')).toBe(1)
    const left = await contractBalance(h.db, carol.userId)
    expect(left.frozen).toBe('0')
    expect(cmp(left.available, '0.01')).toBe(-1)
    expect(liq.data.list[0]?.insurancePaid).toBe('0')
    const fund = contractService(h.db).position('mm:insurance', BTC, 'long')
    expect(fund).toMatchObject({ lots: '100', avg_price: closePrice })
    // The makers come back; the next tick the fund closes its long within the band, and its loss
    // (the gap between the bankruptcy price and the market) is what the insurance account paid.
    await quote(h)
    await c.index(BTC, '63040')
    expect(contractService(h.db).position('mm:insurance', BTC, 'long')).toBeUndefined()
    expect(await contractBalance(h.db, 'mm:insurance')).toEqual({ available: '0', frozen: '0' })
    const paid = sub(insBefore, await systemBalance(h.db, 'insurance'))
    expect(cmp(paid, '100')).toBe(1)
    expect(cmp(paid, '200')).toBe(-1)
    const bills = await c.get<{ list: { reason: string }[] }>(
      'assets/ledger',
      { account: 'contract' },
      carol.token,
    )
    expect(bills.data.list?.some((b) => b.reason === 'contract_liquidation')).toBe(true)
    const ins = await c.get<{ balance: string; list: { reason: string }[] }>('contract/insurance')
    expect(ins.code).toBe(200)
    expect(cmp(ins.data.balance, '0')).toBe(1)
    await expectSound(h.db)
  })

  it('closes part of a position with a reduce-only limit order; funding rounds and books survive a restart', async () => {
    const dave = await registerEmail(h.app, h.db)
    const erin = await registerEmail(h.app, h.db)
    await fundContract(h.db, dave.userId, '2000')
    await fundContract(h.db, erin.userId, '2000')
    await c.index(BTC, '65000')
    await contractService(h.db).requote('mm:1', BTC, [])
    await c.place(erin.token, {
      symbol: BTC,
      side: 'short',
      type: 'limit',
      lots: 10,
      leverage: 10,
      price: '65000',
    })
    await c.place(dave.token, { symbol: BTC, side: 'long', type: 'market', lots: 10, leverage: 10 })
    // Dave offers 4 of his 10 lots at 65,500 (reduce-only): it rests; more than he holds is refused.
    const close = await c.post<{ status: string; kind: string }>(
      'contract/position/close',
      { symbol: BTC, side: 'long', type: 'limit', lots: 4, price: '65500' },
      dave.token,
    )
    expect(close.code, close.msg).toBe(200)
    expect(close.data).toMatchObject({ status: 'open', kind: 'close' })
    const more = await c.post('contract/position/close', { symbol: BTC, side: 'long', lots: 7 }, dave.token)
    expect(more.code).toBe(1904)
    // Erin buys back 4 lots at 65,500 (closing her short at the market): Dave realizes 4 x 0.001 x 500 = 2.
    const back = await c.post('contract/position/close', { symbol: BTC, side: 'short', lots: 4 }, erin.token)
    expect(back.code, back.msg).toBe(200)
    const [pd] = (await c.positions(dave.token)).data
    expect(pd).toMatchObject({ lots: '6', settledIncome: '2' })
    const fills = await c.get<{ list: { kind: string; realizedPnl: string; role: string }[] }>(
      'contract/fills',
      {},
      dave.token,
    )
    expect(fills.data.list[0]).toMatchObject({ kind: 'close', realizedPnl: '2', role: 'maker' })

    // Funding: one round per (symbol, time), however often it is asked for.
    const svc = contractService(h.db)
    const ts = Date.now() - 5
    expect(await runFunding(svc, BTC, ts)).not.toBeNull()
    expect(await runFunding(svc, BTC, ts)).toBeNull()
    // A new process rebuilds the same book, positions and premium samples from the database.
    await quote(h)
    await svc.samplePremium(BTC)
    expect(svc.premiumSamples(BTC).length).toBeGreaterThan(0)
    const { ContractService } = await import('../../../server/modules/contract/service')
    const again = new ContractService(h.db)
    await again.init()
    // The same book; its sequence number goes on above the old one (a client's local book resyncs).
    const before = svc.depth(BTC, 20)
    const after = again.depth(BTC, 20)
    expect(after).toEqual({ ...before, ts: expect.any(Number), seq: expect.any(Number) })
    expect(after.seq).toBeGreaterThan(before.seq)
    expect(again.positionsOf(dave.userId).map((p) => p.lots)).toEqual(['6'])
    expect(again.premiumSamples(BTC)).toEqual(svc.premiumSamples(BTC))
    expect((await c.post('contract/position/close-all', {}, dave.token)).code).toBe(200)
    expect((await c.post('contract/position/close-all', {}, erin.token)).code).toBe(200)
    await expectSound(h.db)
  })

  it('reverse is all or nothing: without margin for the new leg the position stays as it was', async () => {
    const frank = await registerEmail(h.app, h.db)
    await fundContract(h.db, frank.userId, '70')
    await c.index(BTC, '65000')
    await quote(h)
    expect(
      (await c.place(frank.token, { symbol: BTC, side: 'long', type: 'market', lots: 100, leverage: 100 }))
        .code,
    ).toBe(200)
    const before = await contractBalance(h.db, frank.userId)
    const [p] = (await c.positions(frank.token)).data
    // Closing at the bid loses the spread and fees: what is left cannot pay for 100 lots short at 100x.
    const r = await c.post('contract/position/reverse', { symbol: BTC, side: 'long' }, frank.token)
    expect(r.code).toBe(1200)
    expect(await contractBalance(h.db, frank.userId)).toEqual(before)
    const [after] = (await c.positions(frank.token)).data
    expect(after).toMatchObject({
      side: 'long',
      lots: '100',
      margin: p?.margin,
      avgOpenPrice: p?.avgOpenPrice,
    })
    expect((await c.post('contract/position/close-all', {}, frank.token)).code).toBe(200)
    await expectSound(h.db)
  })

  it('keeps every invariant under 60 concurrent orders, closes and cancels from several users', async () => {
    await c.index(BTC, '65000')
    await quote(h)
    // Few new accounts: registration sends codes, which are rate-limited per client.
    const users = [alice, bob, await registerEmail(h.app, h.db)]
    for (const u of users) await fundContract(h.db, u.userId, '3000')
    const calls = []
    for (let i = 0; i < 60; i++) {
      const u = users[i % users.length] as (typeof users)[number]
      const side = i % 3 === 0 ? 'short' : 'long'
      if (i % 7 === 6) calls.push(c.post('contract/position/close-all', {}, u.token))
      else if (i % 5 === 4)
        calls.push(
          c.place(u.token, {
            symbol: BTC,
            side,
            type: 'limit',
            lots: 3,
            leverage: 20,
            price: side === 'long' ? '64900' : '65100',
          }),
        )
      else
        calls.push(
          c.place(u.token, { symbol: BTC, side, type: 'market', lots: 1 + (i % 4), leverage: 10 + i }),
        )
    }
    const results = await Promise.all(calls)
    // Refusals are clear errors (no liquidity left on one side, leverage too high), never a 500.
    for (const r of results) expect([200, 1602, 1900, 1200]).toContain(r.code)
    expect(results.filter((r) => r.code === 200).length).toBeGreaterThan(30)
    for (const u of users) await c.post('contract/order/cancel-all', {}, u.token)
    await expectSound(h.db)
  })

  it('refuses bad input with a clear error and changes nothing', async () => {
    await quote(h)
    const before = await contractBalance(h.db, alice.userId)
    const bad = async (body: Record<string, unknown>, code: number) => {
      const r = await c.place(alice.token, {
        symbol: BTC,
        side: 'long',
        type: 'market',
        lots: 1,
        leverage: 10,
        ...body,
      })
      expect(r.code, JSON.stringify(body)).toBe(code)
    }
    await bad({ lots: 0 }, 1101)
    await bad({ leverage: 101 }, 1900)
    await bad({ leverage: 126 }, 1101)
    await bad({ symbol: 'NOPE_PERP' }, 1400)
    await bad({ symbol: 'BTCUSDT' }, 1400)
    await bad({ type: 'limit' }, 1101)
    // Tier: 100x only below 250,000 USDT of notional; 5,000 lots at 65,000 is 325,000.
    await bad({ type: 'limit', price: '65000', lots: 5000, leverage: 100 }, 1900)
    expect(await contractBalance(h.db, alice.userId)).toEqual(before)
    // A limit far through the book at 100x: affordable margin, but its open loss against the index
    // would put the account at its maintenance margin at once.
    await fundContract(h.db, grace.userId, '200')
    const risky = await c.place(grace.token, {
      symbol: BTC,
      side: 'long',
      type: 'limit',
      lots: 100,
      leverage: 100,
      price: '90000',
    })
    expect(risky.code).toBe(1905)
    expect(await contractBalance(h.db, grace.userId)).toEqual({ available: '200', frozen: '0' })
    // TP on the wrong side of a long, SL above the price; another user's position and order.
    await c.place(bob.token, { symbol: BTC, side: 'long', type: 'market', lots: 2, leverage: 10 })
    const bobLong = (await c.positions(bob.token)).data.find((p) => p.side === 'long')
    expect(bobLong).toBeDefined()
    const wrongTp = await c.post(
      'contract/position/tpsl',
      { symbol: BTC, side: 'long', tp: '1000' },
      bob.token,
    )
    expect(wrongTp.code).toBe(1902)
    const wrongSl = await c.post(
      'contract/position/tpsl',
      { symbol: BTC, side: 'long', sl: '900000' },
      bob.token,
    )
    expect(wrongSl.code).toBe(1903)
    // Triggers finer than the tick are refused (1405, the one tick rule of common/market/tick.ts),
    // never rounded (to 0 a long's TP would close the position at once); nothing stored.
    for (const [body, code] of [
      [{ tp: '0.0001' }, 1405],
      [{ sl: '0.0001' }, 1405],
      [{ tp: '70000', sl: '0.001' }, 1405],
      [{ tp: '70000.005' }, 1405],
      [{ tp: '0.01' }, 1902],
    ] as const) {
      const tiny = await c.post('contract/position/tpsl', { symbol: BTC, side: 'long', ...body }, bob.token)
      expect(tiny.code, JSON.stringify(body)).toBe(code)
    }
    expect((await c.post('contract/position/close', { symbol: BTC, side: 'long' }, alice.token)).code).toBe(
      1901,
    )
    expect((await c.post('contract/position/reverse', { symbol: BTC, side: 'long' }, alice.token)).code).toBe(
      1901,
    )
    expect(
      (await c.post('contract/position/close', { symbol: BTC, side: 'long', lots: 100_000 }, bob.token)).code,
    ).toBe(1904)
    const rest = await c.place(bob.token, {
      symbol: BTC,
      side: 'long',
      type: 'limit',
      lots: 1,
      leverage: 10,
      price: '50000',
    })
    expect((await c.post('contract/order/cancel', { id: rest.data.id }, alice.token)).code).toBe(1600)
    const pb = (await c.positions(bob.token)).data.find((p) => p.side === 'long')
    expect(pb).toMatchObject({ lots: bobLong?.lots, margin: bobLong?.margin, tp: null, sl: null })
    expect(await contractBalance(h.db, alice.userId)).toEqual(before)
    await expectSound(h.db)
  })

  it('the scheduler pays a funding round from the samples of the interval that ended then', async () => {
    const gina = await registerEmail(h.app, h.db)
    await fundContract(h.db, gina.userId, '2000')
    await c.index(BTC, '65000')
    await quote(h)
    expect(
      (await c.place(gina.token, { symbol: BTC, side: 'long', type: 'market', lots: 10, leverage: 10 })).code,
    ).toBe(200)
    const svc = contractService(h.db)
    const market = { instruments: () => [{ symbol: BTC, category: 'perpetual' }] } as unknown as MarketData
    const jobs = new ContractJobs(h.db, svc, market)
    // An interval of our own, in the future, so no other round is at its end.
    const slot = nextFundingAt(Date.now())
    const end = slot + FUNDING_INTERVAL_MS
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      // During the interval the book's mid is 0.1 % above the index: P = 65 / 65,000 = 0.001.
      vi.setSystemTime(slot + 60_000)
      await svc.requote('mm:1', BTC, [
        { side: 'long', price: '65060', lots: 50 },
        { side: 'short', price: '65070', lots: 50 },
      ])
      expect(svc.depth(BTC, 1)).toMatchObject({
        bids: [{ price: '65060' }],
        asks: [{ price: '65070' }],
      })
      await svc.samplePremium(BTC)
      vi.setSystemTime(slot + 120_000)
      await svc.samplePremium(BTC)
      // The next interval starts with a flat book (P = 0); its samples are not this round's.
      vi.setSystemTime(end + 5_000)
      await svc.requote('mm:1', BTC, [
        { side: 'long', price: '64990', lots: 50 },
        { side: 'short', price: '65010', lots: 50 },
      ])
      await svc.samplePremium(BTC)
      // The scheduler's sweep a few seconds after the funding time.
      await jobs.fundingDue(Date.now())
    } finally {
      vi.useRealTimers()
    }
    const round = await h.db
      .selectFrom('contract_funding_round')
      .selectAll()
      .where('symbol', '=', BTC)
      .where('ts', '=', String(end))
      .executeTakeFirstOrThrow()
    // F = 0.001 + clamp(0.0001 - 0.001, -0.0005, 0.0005) = 0.0005, from the 2 samples of the
    // interval that ended (not the 0.0001 interest fallback of an interval without samples).
    expect({ rate: normalize(round.rate), samples: Number(round.samples) }).toEqual({
      rate: '0.0005',
      samples: 2,
    })
    const { rows } = await (await import('kysely')).sql<{ amount: string }>`
      select amount::text from contract_funding_payment
      where round_id = ${round.id} and holder = ${gina.userId}`.execute(h.db)
    // Long 0.01 BTC x 65,000 x 0.05 % = 0.325 paid.
    expect(rows.map((r) => cmp(r.amount, '-0.325'))).toEqual([0])
    await quote(h)
    expect((await c.post('contract/position/close-all', {}, gina.token)).code).toBe(200)
    await expectSound(h.db)
  })
})
