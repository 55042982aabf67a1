import type { ContractInstrument, ContractPosition, InsuranceFund } from '@common/contract/schema'
import { add, cmp, div, gt, lt, mul, sub } from '@common/money/decimal'
import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContractService, contractService } from '../../../server/modules/contract/service'
import { type Registered, registerEmail } from '../accounts/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { BTC, contractApi, contractBalance, expectSound, fundContract, quote, systemBalance } from './helpers'

/** Places beyond the point of a decimal string. */
const places = (x: string) => x.split('.')[1]?.replace(/0+$/, '').length ?? 0

/**
 * Money and fairness on the perpetual order path (issues 33 item 4, 34 items 1-3): the one tick
 * rule, postings at USDT's 6 places, price protection on a price gap, and the risk protection
 * fund's clearance fee and takeover.
 */
describe.each(backends)('contract money and fairness on %s', (backend) => {
  let h: Harness
  let c: ReturnType<typeof contractApi>
  let users: Registered[]
  beforeAll(async () => {
    h = await startHarness(backend)
    c = contractApi(h)
    users = []
    for (let i = 0; i < 7; i++) users.push(await registerEmail(h.app, h.db))
    expect((await c.index(BTC, '65000')).code).toBe(200)
  })
  afterAll(async () => {
    contractService(h.db).setIndexFollower('mm:1', null)
    await h.close()
  })
  const user = (i: number) => users[i] as Registered

  /** Every contract and system USDT balance has at most USDT's 6 places. */
  async function noDust(): Promise<void> {
    const { rows } = await sql<{ holder: string; account: string; available: string; frozen: string }>`
      select holder, account, available::text, frozen::text from balance
      where asset = 'USDT' and (account = 'contract' or holder = 'system')
        and account <> 'deposit_clearing'`.execute(h.db)
    const bad = rows.filter((r) => places(r.available) > 6 || places(r.frozen) > 6)
    expect(bad).toEqual([])
  }

  it('refuses limit, close and TP/SL prices finer than the tick (1405) and never fills beyond a limit', async () => {
    const u = user(0)
    await fundContract(h.db, u.userId, '5000')
    await c.index(BTC, '65947.44')
    await quote(h)
    const before = await contractBalance(h.db, u.userId)
    // The case: a long at 65,947.435 with the best ask at 65,947.44 or above.
    const off = await c.place(u.token, {
      symbol: BTC,
      side: 'long',
      type: 'limit',
      lots: 5,
      leverage: 10,
      price: '65947.435',
    })
    expect(off.code).toBe(1405)
    expect(await contractBalance(h.db, u.userId)).toEqual(before)
    const depth = await c.get<{ asks: { price: string }[] }>('contract/depth', { symbol: BTC })
    const ask = depth.data.asks[0]?.price as string
    // A limit one tick under the best ask rests; at the ask it fills there, never above.
    const under = await c.place(u.token, {
      symbol: BTC,
      side: 'long',
      type: 'limit',
      lots: 5,
      leverage: 10,
      price: sub(ask, '0.01'),
    })
    expect(under.code, under.msg).toBe(200)
    expect(under.data.filledLots).toBe('0')
    const at = await c.place(u.token, {
      symbol: BTC,
      side: 'long',
      type: 'limit',
      lots: 5,
      leverage: 10,
      price: ask,
    })
    expect(at.code, at.msg).toBe(200)
    expect(at.data.filledLots).toBe('5')
    expect(cmp(at.data.avgPrice as string, ask)).toBeLessThanOrEqual(0)
    // Limit close and TP/SL with extra decimals: refused, nothing stored.
    const close = await c.post(
      'contract/position/close',
      { symbol: BTC, side: 'long', type: 'limit', lots: 1, price: '70000.001' },
      u.token,
    )
    expect(close.code).toBe(1405)
    const tp = await c.post('contract/position/tpsl', { symbol: BTC, side: 'long', tp: '70000.125' }, u.token)
    expect(tp.code).toBe(1405)
    const [p] = (await c.positions(u.token)).data
    expect(p).toMatchObject({ tp: null, sl: null, lots: '5' })
    // On the tick both are accepted.
    expect(
      (await c.post('contract/position/tpsl', { symbol: BTC, side: 'long', tp: '70000.12' }, u.token)).code,
    ).toBe(200)
    await c.post('contract/order/cancel-all', {}, u.token)
    expect((await c.post('contract/position/close-all', {}, u.token)).code).toBe(200)
    await expectSound(h.db)
  })

  it('books PnL at 6 places: after trading, "transfer all" of the contract balance succeeds', async () => {
    const u = user(1)
    await fundContract(h.db, u.userId, '1000')
    await c.index(BTC, '65000')
    await quote(h)
    expect(
      (await c.place(u.token, { symbol: BTC, side: 'long', type: 'market', lots: 7, leverage: 10 })).code,
    ).toBe(200)
    await c.index(BTC, '65123.45')
    await quote(h)
    expect(
      (await c.place(u.token, { symbol: BTC, side: 'long', type: 'market', lots: 6, leverage: 10 })).code,
    ).toBe(200)
    // 13 lots at two prices: the average entry has more places than a USDT amount may.
    const [p] = (await c.positions(u.token)).data as ContractPosition[]
    expect(places(p?.avgOpenPrice ?? '0')).toBeGreaterThan(2)
    await c.index(BTC, '65321.07')
    await quote(h)
    expect((await c.post('contract/position/close-all', {}, u.token)).code).toBe(200)
    const bal = await contractBalance(h.db, u.userId)
    expect(bal.frozen).toBe('0')
    expect(places(bal.available)).toBeLessThanOrEqual(6)
    const all = await c.post(
      'assets/transfer',
      { coin: 'USDT', from: 'contract', to: 'funding', amount: bal.available },
      u.token,
    )
    expect(all.code, all.msg).toBe(200)
    expect(await contractBalance(h.db, u.userId)).toEqual({ available: '0', frozen: '0' })
    await noDust()
    await expectSound(h.db)
  })

  it('property: after any sequence of opens, closes, funding and liquidation, no balance has more than 6 places', async () => {
    const traders = [user(3), user(4)]
    type Op =
      | { k: 'open'; u: number; side: 'long' | 'short'; lots: number; lev: number }
      | { k: 'close'; u: number; side: 'long' | 'short'; lots: number }
      | { k: 'index'; bp: number }
      | { k: 'funding' }
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        k: fc.constant('open' as const),
        u: fc.integer({ min: 0, max: 1 }),
        side: fc.constantFrom('long' as const, 'short' as const),
        lots: fc.integer({ min: 1, max: 60 }),
        lev: fc.integer({ min: 5, max: 100 }),
      }),
      fc.record({
        k: fc.constant('close' as const),
        u: fc.integer({ min: 0, max: 1 }),
        side: fc.constantFrom('long' as const, 'short' as const),
        lots: fc.integer({ min: 1, max: 40 }),
      }),
      // Index moves of -6 % to +6 % in odd steps (basis points): fractional entries and PnL.
      fc.record({ k: fc.constant('index' as const), bp: fc.integer({ min: -600, max: 600 }) }),
      fc.record({ k: fc.constant('funding' as const) }),
    )
    let runs = 0
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 9 }), async (ops) => {
        runs++
        await c.index(BTC, '65000')
        await quote(h)
        for (const t of traders) await fundContract(h.db, t.userId, '150.5')
        for (const o of ops) {
          if (o.k === 'open') {
            const t = traders[o.u] as Registered
            await c.place(t.token, {
              symbol: BTC,
              side: o.side,
              type: 'market',
              lots: o.lots,
              leverage: o.lev,
            })
          } else if (o.k === 'close') {
            const t = traders[o.u] as Registered
            await c.post('contract/position/close', { symbol: BTC, side: o.side, lots: o.lots }, t.token)
          } else if (o.k === 'index') {
            const price = div(mul('65000', add('1', div(String(o.bp), '10000', 8))), '1', 2, 'down')
            // The makers follow first (the index tick's order), then liquidations and TP/SL.
            await quote(h)
            await c.index(BTC, price)
            await quote(h)
          } else await c.post('dev/contract/funding', { symbol: BTC })
        }
        await noDust()
        for (const t of traders) await c.post('contract/position/close-all', {}, t.token)
        await noDust()
      }),
      { numRuns: 6 },
    )
    expect(runs).toBe(6)
    await expectSound(h.db)
  })

  it('a 10 % one-tick gap fills every stop and liquidation within the band or at the bankruptcy price', async () => {
    const svc = contractService(h.db)
    await c.index(BTC, '65000')
    const mm = await quote(h)
    // The house quotes follow the index before the triggers (as the scheduler's tick does).
    mm.follow()
    const [ann, ben, cat, eve] = [user(0), user(1), user(5), user(6)]
    const fay = user(2)
    await fundContract(h.db, ann.userId, '2000')
    await fundContract(h.db, ben.userId, '2000')
    await fundContract(h.db, cat.userId, '70')
    await fundContract(h.db, eve.userId, '200')
    await fundContract(h.db, fay.userId, '2000')
    const ok = async (r: Promise<{ code: number; msg: string }>) => {
      const x = await r
      expect(x.code, x.msg).toBe(200)
    }
    // Ann: long with a stop-loss; Ben: short with a take-profit below; Cat 100x and Eve 20x longs
    // that a 10 % fall takes beyond bankruptcy; Fay a long liquidated just above bankruptcy.
    await ok(c.place(ann.token, { symbol: BTC, side: 'long', type: 'market', lots: 10, leverage: 10 }))
    await ok(c.post('contract/position/tpsl', { symbol: BTC, side: 'long', sl: '62000' }, ann.token))
    await ok(c.place(ben.token, { symbol: BTC, side: 'short', type: 'market', lots: 10, leverage: 10 }))
    await ok(c.post('contract/position/tpsl', { symbol: BTC, side: 'short', tp: '60000' }, ben.token))
    await ok(c.place(cat.token, { symbol: BTC, side: 'long', type: 'market', lots: 100, leverage: 100 }))
    await ok(c.place(eve.token, { symbol: BTC, side: 'long', type: 'market', lots: 50, leverage: 20 }))
    await ok(c.place(fay.token, { symbol: BTC, side: 'long', type: 'market', lots: 100, leverage: 10 }))
    // Fay keeps a wallet with her bankruptcy price at 58,440 (60 under the coming index): the
    // rest goes to her funding account.
    const entry = svc.position(fay.userId, BTC, 'long')?.avg_price as string
    const keep = mul('0.1', sub(entry, '58440'))
    const fb = await contractBalance(h.db, fay.userId)
    const out = div(sub(add(fb.available, fb.frozen), keep), '1', 6, 'down')
    await ok(
      c.post('assets/transfer', { coin: 'USDT', from: 'contract', to: 'funding', amount: out }, fay.token),
    )
    const insBefore = await systemBalance(h.db, 'insurance')
    const { rows: mark } = await sql<{
      id: string
    }>`select coalesce(max(id), 0)::text as id from contract_fill`.execute(h.db)
    const since = mark[0]?.id ?? '0'

    // The gap: 65,000 -> 58,500 in one tick. Band 2 %: fills between 57,330 and 59,670.
    const gap = await c.index(BTC, '58500')
    expect(gap.code).toBe(200)
    expect(gap.data).toMatchObject({ liquidated: 3, triggered: 2 })
    const [lo, hi] = ['57330', '59670']
    const { rows: fills } = await sql<{
      holder: string
      price: string
      lots: string
      source: string
      kind: string
      role: string
    }>`select f.holder, f.price::text, f.lots::text, f.role, o.source, o.kind from contract_fill f
       join contract_order o on o.id = f.order_id where f.id > ${since} order by f.id`.execute(h.db)
    const inBand = (p: string) => !lt(p, lo) && !gt(p, hi)
    // Every fill of the house market maker is within the band: no quote of the old price was hit.
    const maker = fills.filter((f) => f.holder === 'mm:1')
    expect(maker.length).toBeGreaterThan(0)
    expect(maker.filter((f) => !inBand(f.price))).toEqual([])
    // Ann's stop and Ben's take-profit filled within the band.
    for (const u of [ann, ben]) {
      const mine = fills.filter((f) => f.holder === u.userId)
      expect(mine.length).toBeGreaterThan(0)
      expect(mine.filter((f) => !inBand(f.price))).toEqual([])
      expect((await c.positions(u.token)).data).toEqual([])
    }
    const liqs = async (u: Registered) =>
      (
        await c.get<{ list: { closePrice: string; indexPrice: string; lots: string; loss: string }[] }>(
          'contract/liquidations',
          {},
          u.token,
        )
      ).data.list
    // Fay: liquidated within the band and not below her bankruptcy price; she keeps the rest,
    // less the 0.5 % clearance fee (when what is left covers it).
    const [lf] = await liqs(fay)
    expect(lf).toMatchObject({ indexPrice: '58500', lots: '100' })
    expect(inBand(lf?.closePrice ?? '0')).toBe(true)
    expect(cmp(lf?.closePrice ?? '0', '58440')).toBeGreaterThanOrEqual(0)
    const fayLeft = await contractBalance(h.db, fay.userId)
    expect(fayLeft.frozen).toBe('0')
    expect(cmp(fayLeft.available, '0')).toBeGreaterThanOrEqual(0)
    // Cat and Eve were bankrupt beyond the index: the fund took both over at their bankruptcy prices
    // (above the index), and each is left with (almost) nothing, never below zero.
    const takeovers = fills.filter((f) => f.holder === 'mm:insurance' && f.role === 'maker')
    expect(takeovers.length).toBe(2)
    for (const u of [cat, eve]) {
      const [l] = await liqs(u)
      expect(gt(l?.closePrice ?? '0', '58500')).toBe(true)
      expect(takeovers.some((f) => cmp(f.price, l?.closePrice ?? '0') === 0)).toBe(true)
      const b = await contractBalance(h.db, u.userId)
      expect(b.frozen).toBe('0')
      expect(cmp(b.available, '0.01')).toBe(-1)
      expect(cmp(b.available, '0')).toBeGreaterThanOrEqual(0)
    }
    // No user fill at all outside the band, except the two takeovers at the bankruptcy price.
    const users_ = fills.filter((f) => !f.holder.startsWith('mm:'))
    const outside = users_.filter((f) => !inBand(f.price))
    expect(outside.length).toBe(2)
    for (const f of outside)
      expect(takeovers.some((t) => t.price === f.price && t.lots === f.lots)).toBe(true)

    // The next tick the fund closes its takeovers within the band; what it paid for the gap comes
    // out of the insurance account, with the clearance fee Fay paid going in.
    await mm.maybeQuote(BTC, true)
    await c.index(BTC, '58500')
    expect(svc.positionsOf('mm:insurance')).toEqual([])
    expect(await contractBalance(h.db, 'mm:insurance')).toEqual({ available: '0', frozen: '0' })
    const insAfter = await systemBalance(h.db, 'insurance')
    const fund = await c.get<InsuranceFund>('contract/insurance', { limit: '50' })
    const kinds = new Set(fund.data.list.map((r) => r.kind))
    for (const k of ['takeover', 'liquidation_fee', 'seed']) expect(kinds.has(k as never), k).toBe(true)
    expect(fund.data.list.filter((r) => r.kind === 'other')).toEqual([])
    const gapCost = sub(insBefore, insAfter)
    // The gap cost of two bankrupt longs (Cat 0.1 BTC about 64,330 -> 58,500; Eve 0.05 about 61,780):
    // roughly 580 + 160, less the fee Fay paid.
    expect(cmp(gapCost, '600')).toBe(1)
    expect(cmp(gapCost, '900')).toBe(-1)
    console.info(
      JSON.stringify({
        backend,
        gap: '65000 -> 58500',
        fills: fills.map(
          (f) =>
            `${f.holder.startsWith('mm:') ? f.holder : 'user'} ${f.role} ${f.source}/${f.kind} ${f.lots}@${f.price}`,
        ),
        fay: { close: lf?.closePrice, left: fayLeft.available },
        fundGapCost: gapCost,
      }),
    )
    mm.stop()
    await expectSound(h.db)
  })

  it('with house quotes of the old price still on the book, a gap fills nothing at that price', async () => {
    const svc = contractService(h.db)
    await c.index(BTC, '65000')
    // The makers quote 65,000 and do not follow (their follower is off): stale quotes on a gap.
    const mm = await quote(h)
    const [ann, cat] = [user(0), user(5)]
    await fundContract(h.db, cat.userId, '70')
    expect(
      (await c.place(ann.token, { symbol: BTC, side: 'long', type: 'market', lots: 10, leverage: 10 })).code,
    ).toBe(200)
    expect(
      (await c.post('contract/position/tpsl', { symbol: BTC, side: 'long', sl: '62000' }, ann.token)).code,
    ).toBe(200)
    expect(
      (await c.place(cat.token, { symbol: BTC, side: 'long', type: 'market', lots: 100, leverage: 100 }))
        .code,
    ).toBe(200)
    const { rows: mark } = await sql<{
      id: string
    }>`select coalesce(max(id), 0)::text as id from contract_fill`.execute(h.db)
    const gap = await c.index(BTC, '58500')
    const { rows: fills } = await sql<{ holder: string; price: string }>`
      select holder, price::text from contract_fill where id > ${mark[0]?.id ?? '0'}`.execute(h.db)
    // Bids of about 65,000 are beyond the band's far edge (59,670): the stop waits for the next
    // tick, the liquidation is taken over by the fund at Cat's bankruptcy price, the maker pays nothing.
    expect(gap.data).toMatchObject({ liquidated: 1, triggered: 0 })
    expect(fills.filter((f) => f.holder === 'mm:1')).toEqual([])
    expect(svc.position(ann.userId, BTC, 'long')).toMatchObject({ lots: '10', sl: '62000' })
    expect(fills.filter((f) => f.holder === 'mm:insurance').length).toBe(1)
    // Once the quotes follow the index, the next tick fills the stop within the band.
    await mm.maybeQuote(BTC, true)
    const next = await c.index(BTC, '58500')
    expect(next.data.triggered).toBe(1)
    const { rows: sl } = await sql<{ price: string }>`
      select price::text from contract_fill where holder = ${ann.userId} order by id desc limit 1`.execute(
      h.db,
    )
    expect(cmp(sl[0]?.price ?? '0', '57330')).toBeGreaterThanOrEqual(0)
    expect(cmp(sl[0]?.price ?? '0', '59670')).toBeLessThanOrEqual(0)
    await c.index(BTC, '58500')
    expect(svc.positionsOf('mm:insurance')).toEqual([])
    await expectSound(h.db)
  })

  it('publishes the clearance fee and the band with every instrument', async () => {
    const r = await c.get<ContractInstrument[]>('contract/instruments')
    expect(r.data.find((i) => i.symbol === BTC)).toMatchObject({
      liquidationFee: '0.005',
      priceProtection: '0.02',
    })
  })

  it('balances booked with more places before the rule lose the excess to contract_clearing at start', async () => {
    // Last in this file: the excess it sweeps stays in contract_clearing (the residue's account).
    const u = user(2)
    const before = await contractBalance(h.db, u.userId)
    await fundContract(h.db, u.userId, '330.064223994')
    const clearing = await systemBalance(h.db, 'contract_clearing')
    await new ContractService(h.db).init()
    expect(await contractBalance(h.db, u.userId)).toEqual({
      available: add(before.available, '330.064223'),
      frozen: before.frozen,
    })
    expect(sub(await systemBalance(h.db, 'contract_clearing'), clearing)).toBe('0.000000994')
    await expectSound(h.db)
  })
})
