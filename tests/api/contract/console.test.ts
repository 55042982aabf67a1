import type { ContractInstrument, ContractPosition } from '@common/contract/schema'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerEmail } from '../accounts/helpers'
import { openStaffSuite, type StaffSuite } from '../admin/helpers'
import { backends } from '../harness'
import { BTC, contractApi, expectSound, fundContract, quote } from './helpers'

describe.each(backends)('contract console on %s', (backend) => {
  let s: StaffSuite
  beforeAll(async () => {
    s = await openStaffSuite(backend)
  })
  afterAll(async () => {
    await s.h.close()
  })

  it('changes an instrument’s settings (audited), refuses users and a lot size under open positions', async () => {
    const { call, op, h } = s
    const user = await registerEmail(h.app, h.db)
    expect(
      (await call.post('admin/contract/settings', { symbol: BTC, maxLeverage: 50 }, user.token)).code,
    ).not.toBe(200)
    const r = await call.post<ContractInstrument>(
      'admin/contract/settings',
      { symbol: BTC, maxLeverage: 75, takerFee: '0.0006', reason: 'risk review' },
      op.token,
    )
    expect(r.code, r.msg).toBe(200)
    expect(r.data).toMatchObject({ maxLeverage: 75, takerFee: '0.0006' })
    const pub = await call.get<ContractInstrument[]>('contract/instruments')
    expect(pub.data.find((i) => i.symbol === BTC)).toMatchObject({ maxLeverage: 75, lotSize: '0.001' })
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from audit_log where action = 'contract.settings' and target_id = ${BTC}`.execute(
      h.db,
    )
    expect(rows[0]?.n).toBe(1)
    // Bad tiers (not starting at 0) are refused.
    const bad = await call.post(
      'admin/contract/settings',
      { symbol: BTC, tiers: [{ floor: '5', mmr: '0.01', maxLeverage: 10 }] },
      op.token,
    )
    expect(bad.code).toBe(1101)

    // With a position open, the lot size stays; the user's positions are readable for the console.
    const c = contractApi(h)
    await fundContract(h.db, user.userId, '1000')
    await c.index(BTC, '65000')
    await quote(h)
    expect(
      (await c.place(user.token, { symbol: BTC, side: 'long', type: 'market', lots: 2, leverage: 10 })).code,
    ).toBe(200)
    expect(
      (await call.post('admin/contract/settings', { symbol: BTC, lotSize: '0.01' }, op.token)).code,
    ).toBe(1906)
    const pos = await call.get<{ positions: ContractPosition[] }>(
      'admin/contract/positions',
      { userId: user.userId },
      op.token,
    )
    expect(pos.data.positions[0]).toMatchObject({ symbol: BTC, side: 'long', lots: '2' })
    const ins = await call.get<{ balance: string }>('admin/contract/insurance', {}, op.token)
    expect(ins.data.balance).toBe('1000000')
    await expectSound(h.db)
  })

  it('sets the liquidation clearance fee and the price protection band of every perpetual (audited)', async () => {
    const { call, op, h } = s
    const set = (body: Record<string, unknown>) =>
      call.post<ContractInstrument>('admin/contract/settings', { symbol: BTC, ...body }, op.token)
    expect((await set({ liquidationFee: '1.5' })).code).toBe(1101)
    expect((await set({ priceProtection: '-0.01' })).code).toBe(1101)
    const r = await set({ liquidationFee: '0.01', priceProtection: '0.03', reason: 'risk review' })
    expect(r.code, r.msg).toBe(200)
    expect(r.data).toMatchObject({ liquidationFee: '0.01', priceProtection: '0.03' })
    // Every perpetual, not only the one named.
    const pub = await call.get<ContractInstrument[]>('contract/instruments')
    expect(pub.data.every((i) => i.liquidationFee === '0.01' && i.priceProtection === '0.03')).toBe(true)
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from audit_log where action = 'contract.settings' and target_type = 'setting'`.execute(
      h.db,
    )
    expect(rows[0]?.n).toBe(2)
    expect((await set({ liquidationFee: '0.005', priceProtection: '0.02' })).code).toBe(200)
  })

  it('trading off refuses new opening orders only: the makers keep quoting, closes and TP/SL still work', async () => {
    const { call, op, h } = s
    const c = contractApi(h)
    const user = await registerEmail(h.app, h.db)
    await fundContract(h.db, user.userId, '1000')
    await c.index(BTC, '65000')
    await quote(h)
    expect(
      (await c.place(user.token, { symbol: BTC, side: 'long', type: 'market', lots: 4, leverage: 10 })).code,
    ).toBe(200)
    expect(
      (await c.post('contract/position/tpsl', { symbol: BTC, side: 'long', sl: '64000' }, user.token)).code,
    ).toBe(200)
    const off = await call.post<ContractInstrument>(
      'admin/contract/settings',
      { symbol: BTC, trading: false, reason: 'maintenance' },
      op.token,
    )
    expect(off.code, off.msg).toBe(200)
    // The makers' next cycle re-quotes: the book keeps both sides.
    await quote(h)
    const depth = await c.get<{ bids: unknown[]; asks: unknown[] }>('contract/depth', { symbol: BTC })
    expect(depth.data.bids.length).toBeGreaterThan(0)
    expect(depth.data.asks.length).toBeGreaterThan(0)
    // No new position...
    const open = await c.place(user.token, {
      symbol: BTC,
      side: 'long',
      type: 'market',
      lots: 1,
      leverage: 10,
    })
    expect(open.code).toBe(1401)
    // ...but a market close fills, and the stop-loss fires.
    const close = await c.post<{ filledLots: string }>(
      'contract/position/close',
      { symbol: BTC, side: 'long', lots: 2 },
      user.token,
    )
    expect(close.code, close.msg).toBe(200)
    expect(close.data.filledLots).toBe('2')
    const tick = await c.index(BTC, '63900')
    expect(tick.data.triggered).toBe(1)
    expect((await c.positions(user.token)).data).toEqual([])
    expect((await call.post('admin/contract/settings', { symbol: BTC, trading: true }, op.token)).code).toBe(
      200,
    )
    await expectSound(h.db)
  })

  it('the help academy’s perpetuals article describes funding, liquidation and TP/SL', async () => {
    const { rows } = await sql<{ lang: string; body: string }>`
      select lang, body from article_text where title in ('Perpetual contracts: margin and liquidation', '永續合約：保證金與強制平倉')`.execute(
      s.h.db,
    )
    expect(rows.length).toBe(2)
    for (const r of rows) expect(r.body).toContain('00:00')
    expect(rows.find((r) => r.lang === 'en')?.body).toContain('insurance')
  })
})
