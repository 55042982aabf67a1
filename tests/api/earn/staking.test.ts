import type { StakingOrder, StakingOrderDetail, StakingProduct } from '@common/earn/schema'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { EarnJobs } from '../../../server/modules/earn/jobs'
import { earnService } from '../../../server/modules/earn/service'
import { registerEmail } from '../accounts/helpers'
import { openStaffSuite, type StaffSuite } from '../admin/helpers'
import { backends } from '../harness'
import { fund } from '../spot/helpers'
import { DAY, earnApi, expectSound, financeBalance, systemBalance } from './helpers'

describe.each(backends)('staking on %s', (backend) => {
  let s: StaffSuite
  beforeAll(async () => {
    s = await openStaffSuite(backend)
  })
  afterAll(async () => {
    await s.h.close()
  })

  it('stakes, accrues daily from the pool, redeems early forfeiting rewards, completes at cycle end', async () => {
    const { h } = s
    const e = earnApi(h)
    const products = (await e.get<StakingProduct[]>('staking/products')).data
    expect(products.length).toBeGreaterThanOrEqual(4)
    const flexible = products.find(
      (p) => p.asset === 'USDT' && p.earlyRedeem && p.cycleDays === 7,
    ) as StakingProduct
    const locked = products.find(
      (p) => p.asset === 'USDT' && !p.earlyRedeem && p.cycleDays === 30,
    ) as StakingProduct
    expect(flexible).toMatchObject({ rate: '0.05', rateKind: 'annual', minAmount: '100' })

    const u = await registerEmail(h.app, h.db)
    const other = await registerEmail(h.app, h.db)
    // Visitors browse, but staking needs a login; no funds: refused, nothing changes.
    expect((await e.post('staking/stake', { product: flexible.id, amount: '1000' })).code).toBe(1003)
    expect((await e.post('staking/stake', { product: flexible.id, amount: '1000' }, u.token)).code).toBe(1200)
    await fund(h.db, u.userId, 'USDT', '10000', 'finance')
    expect((await e.post('staking/stake', { product: flexible.id, amount: '50' }, u.token)).code).toBe(2100)
    expect((await e.post('staking/stake', { product: flexible.id, amount: '50001' }, u.token)).code).toBe(
      2101,
    )
    expect((await e.post('staking/stake', { product: '999999', amount: '500' }, u.token)).code).toBe(1004)
    expect((await e.post('staking/stake', { product: flexible.id, amount: 'abc' }, u.token)).code).toBe(1101)
    expect(
      (await e.post('staking/stake', { product: flexible.id, amount: '100.1234567' }, u.token)).code,
    ).toBe(1101)
    expect(await financeBalance(h.db, u.userId)).toEqual({ available: '10000', frozen: '0' })

    const poolBefore = await systemBalance(h.db, 'staking_rewards')
    const r = await e.post<StakingOrder>('staking/stake', { product: flexible.id, amount: '1000' }, u.token)
    expect(r.code, r.msg).toBe(200)
    // 1000 x 0.05 / 365 = 0.136986... rounded down to 6 places; x 7 days.
    expect(r.data).toMatchObject({
      status: 'earning',
      dailyReward: '0.136986',
      expectedReward: '0.958902',
      accrued: '0',
    })
    expect(r.data.endAt - r.data.createdAt).toBe(7 * DAY)
    expect(await financeBalance(h.db, u.userId)).toEqual({ available: '9000', frozen: '1000' })

    // One day and four days later: the daily rewards are paid into the order.
    expect((await e.clock(DAY + 60_000)).data.settled).toBeGreaterThanOrEqual(1)
    let d = (await e.get<StakingOrderDetail>(`staking/order/${r.data.id}`, {}, u.token)).data
    expect(d).toMatchObject({ accrued: '0.136986', accruedDays: 1 })
    expect(d.rewards).toHaveLength(1)
    await e.clock(3 * DAY)
    // Running the scheduler again at the same time pays nothing more.
    await e.clock(0)
    d = (await e.get<StakingOrderDetail>(`staking/order/${r.data.id}`, {}, u.token)).data
    expect(d).toMatchObject({ accrued: '0.547944', accruedDays: 4 })
    expect(d.rewards.map((x) => x.day)).toEqual([4, 3, 2, 1])
    expect(await financeBalance(h.db, u.userId)).toEqual({ available: '9000', frozen: '1000.547944' })
    expect(await systemBalance(h.db, 'staking_rewards')).toBe(
      (Number(poolBefore) - 0.547944).toFixed(6).replace(/\.?0+$/, ''),
    )
    await expectSound(h.db)

    // Another user cannot see or redeem it.
    expect((await e.get(`staking/order/${r.data.id}`, {}, other.token)).code).toBe(1004)
    expect((await e.post('staking/redeem', { id: r.data.id }, other.token)).code).toBe(1004)

    // A product without early redemption refuses it.
    const l = await e.post<StakingOrder>('staking/stake', { product: locked.id, amount: '2000' }, u.token)
    expect(l.code, l.msg).toBe(200)
    expect((await e.post('staking/redeem', { id: l.data.id }, u.token)).code).toBe(2105)

    // Early redemption: principal back, the four days' rewards return to the pool.
    const red = await e.post<StakingOrder>('staking/redeem', { id: r.data.id }, u.token)
    expect(red.code, red.msg).toBe(200)
    expect(red.data.status).toBe('redeemed')
    expect(await financeBalance(h.db, u.userId)).toEqual({ available: '8000', frozen: '2000' })
    expect(await systemBalance(h.db, 'staking_rewards')).toBe(poolBefore)
    expect((await e.post('staking/redeem', { id: r.data.id }, u.token)).code).toBe(2106)
    await expectSound(h.db)

    // The 30-day order completes: principal and 30 days of rewards released.
    await e.clock(31 * DAY)
    const done = (await e.get<StakingOrderDetail>(`staking/order/${l.data.id}`, {}, u.token)).data
    const daily = '0.438356' // 2000 x 0.08 / 365, rounded down
    expect(done).toMatchObject({
      status: 'completed',
      accruedDays: 30,
      dailyReward: daily,
      accrued: '13.15068',
    })
    expect(done.rewards).toHaveLength(30)
    expect(await financeBalance(h.db, u.userId)).toEqual({ available: '10013.15068', frozen: '0' })
    const list = (await e.get<{ list: StakingOrder[] }>('staking/orders', {}, u.token)).data.list
    expect(list.map((o) => o.status)).toEqual(['completed', 'redeemed'])
    expect((await e.get<{ list: StakingOrder[] }>('staking/orders', {}, other.token)).data.list).toEqual([])
    const staked = (await e.get<StakingProduct[]>('staking/products')).data.find((p) => p.id === locked.id)
    expect(staked?.staked).toBe('0')
    await expectSound(h.db)
  })

  it('refuses an order whose whole reward the pool cannot cover, and a paused product (console, audited)', async () => {
    const { h, call, op } = s
    const e = earnApi(h)
    const u = await registerEmail(h.app, h.db)
    await fund(h.db, u.userId, 'USDT', '100000', 'finance')
    expect(
      (
        await call.post(
          'admin/earn/product/create',
          {
            asset: 'USDT',
            cycleDays: 30,
            rate: '0.1',
            rateKind: 'annual',
            minAmount: '1',
            maxAmount: '10',
            quota: '100',
            earlyRedeem: false,
          },
          u.token,
        )
      ).code,
    ).toBe(1006)
    const bad = await call.post(
      'admin/earn/product/create',
      {
        asset: 'USDT',
        cycleDays: 30,
        rate: '0.1',
        rateKind: 'annual',
        minAmount: '100',
        maxAmount: '10',
        quota: '1000',
        earlyRedeem: false,
      },
      op.token,
    )
    expect(bad.code).toBe(2112)
    const p = await call.post<StakingProduct>(
      'admin/earn/product/create',
      {
        asset: 'USDT',
        cycleDays: 3650,
        rate: '0.5',
        rateKind: 'daily',
        minAmount: '1',
        maxAmount: '100000',
        quota: '1000000',
        earlyRedeem: false,
        reason: 'pool test',
      },
      op.token,
    )
    expect(p.code, p.msg).toBe(200)
    const pool = await systemBalance(h.db, 'staking_rewards')
    // 1000 x 0.5 x 3650 = 1,825,000 USDT of rewards: more than the pool holds.
    expect((await e.post('staking/stake', { product: p.data.id, amount: '1000' }, u.token)).code).toBe(2103)
    // Topping the pool up (from the treasury, through the ledger) lets a small one in.
    expect(
      (
        await call.post(
          'admin/earn/pool/fund',
          { asset: 'USDT', amount: '2000000', reason: 'test' },
          op.token,
        )
      ).code,
    ).toBe(200)
    expect(await systemBalance(h.db, 'staking_rewards')).toBe(String(Number(pool) + 2_000_000))
    expect((await e.post('staking/stake', { product: p.data.id, amount: '1000' }, u.token)).code).toBe(200)
    // What is owed now leaves too little for the same order again.
    expect((await e.post('staking/stake', { product: p.data.id, amount: '1000' }, u.token)).code).toBe(2103)

    expect(
      (await call.post('admin/earn/product/pause', { id: p.data.id, paused: true }, op.token)).code,
    ).toBe(200)
    expect((await e.post('staking/stake', { product: p.data.id, amount: '1' }, u.token)).code).toBe(2104)
    const { rows } = await sql<{ action: string }>`
      select action from audit_log where action like 'earn.%' order by id`.execute(h.db)
    expect(rows.map((r) => r.action)).toEqual(['earn.product.create', 'earn.pool.fund', 'earn.product.pause'])
    await expectSound(h.db)
  })

  it('a staking order that fails to settle in the scheduler is logged through the app logger', async () => {
    const { h } = s
    const e = earnApi(h)
    const products = (await e.get<StakingProduct[]>('staking/products')).data
    const flexible = products.find(
      (p) => p.asset === 'USDT' && p.earlyRedeem && p.cycleDays === 7,
    ) as StakingProduct
    const u = await registerEmail(h.app, h.db)
    await fund(h.db, u.userId, 'USDT', '1000', 'finance')
    const r = await e.post<StakingOrder>('staking/stake', { product: flexible.id, amount: '100' }, u.token)
    expect(r.code, r.msg).toBe(200)
    // As main.ts makes them: the shared service (made first by the routes) and the jobs with the app's logger.
    const svc = earnService(h.db)
    const log = { warn: vi.fn(), info: vi.fn() }
    new EarnJobs(h.db, svc, log)
    const spy = vi.spyOn(svc, 'settleOrder').mockRejectedValue(new Error('settlement failed'))
    try {
      await svc.tick(svc.now() + 2 * DAY)
    } finally {
      spy.mockRestore()
    }
    const warned = log.warn.mock.calls.filter(([, m]) => m === 'staking: settle failed')
    expect(warned.map(([x]) => String((x as { order: unknown }).order))).toContain(r.data.id)
    await expectSound(h.db)
  })
})
