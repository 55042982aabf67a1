import type { C2cAd, C2cOrder } from '@common/c2c/schema'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../accounts/helpers'
import { readyStaff, type StaffSuite } from '../admin/helpers'
import { backends, startHarness } from '../harness'
import { expectSound, funding, order, publish, trader } from './helpers'

const MIN = 60_000

// Issue 34 item 16: "I have paid" after the window says the time ran out (2435), not that the
// order's state forbids it (2411), before and after the timeout pass has cancelled the order.
describe.each(backends)('C2C payment window on %s', (backend) => {
  let s: StaffSuite
  beforeAll(async () => {
    const h = await startHarness(backend, { authRateLimitPerMinute: 100_000 })
    s = { h, call: api(h.app), op: await readyStaff(h.app, h.db, 'operator') }
  })
  afterAll(async () => {
    await s.h.close()
  })
  afterEach(async () => {
    await s.call.post('dev/c2c/clock', { offsetMs: 0 })
  })

  it('a late "I have paid" is told the time ran out, and moves no money', async () => {
    const { call, h } = s
    const seller = await trader(h, call, { usdt: '100' })
    const buyer = await trader(h, call)
    const ad = await publish(call, seller, { total: '100', payWindow: 15 })
    const o = await order(call, buyer, { adId: ad.id, quantity: '30' })

    // Past the window, before the timeout pass: still 'unpaid' in the database.
    await call.post('dev/c2c/clock', { offsetMs: 16 * MIN })
    const late = await call.post('c2c/order/paid', { id: o.id }, buyer.token)
    expect(late.code).toBe(2435)
    expect(late.msg).toMatch(/time to pay has run out/)
    expect((await call.get<C2cOrder>(`c2c/order/${o.id}`, {}, buyer.token)).data.status).toBe('unpaid')

    // After the pass: timed out, and the same answer.
    await call.post('dev/c2c/run')
    expect((await call.get<C2cOrder>(`c2c/order/${o.id}`, {}, buyer.token)).data.status).toBe('timeout')
    expect((await call.post('c2c/order/paid', { id: o.id }, buyer.token)).code).toBe(2435)
    // The seller cannot mark it paid either way: that is not their action.
    expect((await call.post('c2c/order/paid', { id: o.id }, seller.token)).code).toBe(2411)
    expect(await funding(h.db, buyer.userId)).toEqual({ available: '0', frozen: '0' })
    const ads = await call.get<C2cAd[]>('c2c/my-ads', {}, seller.token)
    expect(ads.data.find((a) => a.id === ad.id)?.remaining).toBe('100')
    await expectSound(h.db)
  })

  it('within the window "I have paid" still works', async () => {
    const { call, h } = s
    const seller = await trader(h, call, { usdt: '100' })
    const buyer = await trader(h, call)
    const ad = await publish(call, seller, { total: '100', payWindow: 15 })
    const o = await order(call, buyer, { adId: ad.id, quantity: '30' })
    await call.post('dev/c2c/clock', { offsetMs: 14 * MIN })
    const paid = await call.post<C2cOrder>('c2c/order/paid', { id: o.id }, buyer.token)
    expect(paid.code, paid.msg).toBe(200)
    expect(paid.data.status).toBe('paid')
    await expectSound(h.db)
  })
})
