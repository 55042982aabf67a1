import type { C2cAd, C2cOrder } from '@common/c2c/schema'
import { maskId } from '@common/invite/rules'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api } from '../accounts/helpers'
import { readyStaff, type StaffSuite } from '../admin/helpers'
import { backends, startHarness } from '../harness'
import { order, publish, trader } from './helpers'

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i

/**
 * Issue 33 item 6: the public ad list and every C2C answer to a user name traders by a public
 * handle (the id masked as the invite pages mask it), never by their internal user id. Console
 * answers keep the ids.
 */
describe.each(backends)('c2c answers keep internal user ids private on %s', (backend) => {
  let s: StaffSuite
  beforeAll(async () => {
    const h = await startHarness(backend, { authRateLimitPerMinute: 100_000 })
    s = { h, call: api(h.app), op: await readyStaff(h.app, h.db, 'operator') }
  })
  afterAll(async () => {
    await s.h.close()
  })

  it('no internal user id in the public list, the order answers or the C2C profile', async () => {
    const { call, h } = s
    const seller = await trader(h, call, { usdt: '500' })
    const buyer = await trader(h, call)
    const ad = await publish(call, seller, {})
    const created = await call.post<C2cOrder>('c2c/order/create', { adId: ad.id, amount: '140' }, buyer.token)
    expect(created.code, created.msg).toBe(200)
    const o = await order(call, buyer, { adId: ad.id, amount: '70' })
    await call.post('c2c/order/message', { id: o.id, body: 'Paying now' }, buyer.token)
    const users = (await h.db.selectFrom('users').select('id').execute()).map((u) => u.id)

    const answers: [string, string][] = []
    const get = async (path: string, query: Record<string, string>, token?: string) => {
      const r = await h.app.inject({
        method: 'GET',
        url: `/api/${path}?${new URLSearchParams(query)}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      })
      expect(r.statusCode, `${path} ${r.body.slice(0, 200)}`).toBe(200)
      answers.push([path, r.body])
      return JSON.parse(r.body) as { data: unknown }
    }
    const pub = (await get('c2c/ads', { side: 'sell', coin: 'USDT', fiat: 'CNY' })).data as C2cAd[]
    await get('c2c/ads', { side: 'sell', coin: 'USDT', fiat: 'CNY' }, buyer.token)
    await get('c2c/ads', { side: 'buy', coin: 'USDT', fiat: 'CNY' })
    await get('c2c/my-ads', {}, seller.token)
    await get('c2c/me', {}, seller.token)
    for (const t of [buyer, seller]) {
      await get('c2c/orders', {}, t.token)
      await get(`c2c/order/${o.id}`, {}, t.token)
      await get(`c2c/order/${o.id}/messages`, {}, t.token)
    }
    answers.push(['c2c/order/create', JSON.stringify(created)])

    for (const [path, body] of answers) {
      expect(UUID.test(body), `${path} carries a UUID`).toBe(false)
      for (const id of users) expect(body.includes(id), `${path} carries user id ${id}`).toBe(false)
      expect(body.includes('c2c-demo-'), `${path} carries a demo merchant's id`).toBe(false)
    }
    // The handle is the masked id; example merchants are still marked as such.
    const mine = pub.find((a) => a.id === ad.id)
    expect(mine?.advertiser).toMatchObject({ handle: maskId(seller.userId), demo: false })
    expect(mine?.advertiser.id).toBeUndefined()
    expect(pub.some((a) => a.advertiser.demo)).toBe(true)
    const view = (await get(`c2c/order/${o.id}`, {}, buyer.token)).data as C2cOrder
    expect(view).toMatchObject({
      advertiserSide: 'seller',
      buyer: { handle: maskId(buyer.userId) },
      seller: { handle: maskId(seller.userId) },
    })

    // The console keeps the ids: an operator deciding an appeal needs to know who is who.
    const staff = await call.get<{ order: C2cOrder }>(`admin/c2c/order/${o.id}`, {}, s.op.token)
    expect(staff.data.order).toMatchObject({
      advertiserId: seller.userId,
      buyer: { id: buyer.userId },
      seller: { id: seller.userId },
    })
  })
})
