import { randomUUID } from 'node:crypto'
import type { C2cAd } from '@common/c2c/schema'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { api, registerEmail } from '../accounts/helpers'
import { readyStaff, type StaffSuite } from '../admin/helpers'
import { backends, startHarness } from '../harness'
import { fund } from '../spot/helpers'
import { expectSound, publish, trader } from './helpers'

interface Me {
  verified: boolean
  approvedRequired: boolean
  identity: string
  realName: string | null
  trader: { merchant: boolean } | null
}

const SETTING = 'c2c.approved_identity_required'

/** Issue 34 item 7: fiat C2C trades against identity an operator approved, not typed details. */
describe.each(backends)('c2c identity on %s', (backend) => {
  let s: StaffSuite
  beforeAll(async () => {
    const h = await startHarness(backend, { authRateLimitPerMinute: 100_000 })
    s = { h, call: api(h.app), op: await readyStaff(h.app, h.db, 'operator') }
  })
  afterAll(async () => {
    await s.h.close()
  })
  afterEach(async () => {
    await s.h.db.deleteFrom('setting').where('key', '=', SETTING).execute()
  })

  const setRequired = async (on: boolean) => {
    const value = JSON.stringify(on)
    await s.h.db
      .insertInto('setting')
      .values({ key: SETTING, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute()
  }

  /** Basic details through the user's endpoint (what the form sends). */
  async function basic(token: string, realName: string) {
    const r = await s.call.post(
      'user/identity/basic',
      { nationality: 'TW', realName, idNumber: `A${String(Date.now()).slice(-9)}` },
      token,
    )
    expect(r.code, r.msg).toBe(200)
  }

  /** The three photos through the user's endpoint: the identity is then under review. */
  async function photos(token: string, userId: string) {
    const ids = [randomUUID(), randomUUID(), randomUUID()]
    await s.h.db
      .insertInto('upload')
      .values(
        ids.map((id) => ({
          id,
          owner_id: userId,
          mime: 'image/jpeg',
          size: 3,
          width: 1,
          height: 1,
          bytes: Buffer.from([1, 2, 3]),
        })),
      )
      .execute()
    const r = await s.call.post(
      'user/identity/advanced',
      { front: ids[0], back: ids[1], hand: ids[2] },
      token,
    )
    expect(r.code, r.msg).toBe(200)
  }

  it('typed details are not enough: refused (2419, type 998) until an operator approves the identity', async () => {
    const { call, h, op } = s
    const u = await registerEmail(h.app, h.db)
    await fund(h.db, u.userId, 'USDT', '500', 'funding')
    const bank = {
      kind: 'bank',
      name: 'Mei Lin',
      bank: 'Test Bank',
      branch: 'Taipei',
      account: '6222000011112222',
    }
    const ad = {
      side: 'sell',
      coin: 'USDT',
      fiat: 'CNY',
      price: '7',
      total: '100',
      minAmount: '70',
      maxAmount: '700',
      payKinds: ['bank'],
    }
    const me = async () => (await call.get<Me>('c2c/me', {}, u.token)).data
    expect(await me()).toMatchObject({ verified: false, approvedRequired: true, identity: 'none' })

    // Basic details only: c2c/me says so, and payment accounts, ads and orders are refused.
    await basic(u.token, 'Mei Lin')
    expect(await me()).toMatchObject({ verified: false, identity: 'basic', realName: 'Mei Lin' })
    const refusedPay = await call.post('c2c/payment/save', bank, u.token)
    expect(refusedPay).toMatchObject({ code: 2419, type: 998 })
    expect((await call.post('c2c/ad/save', ad, u.token)).code).toBe(2419)
    const shelf = await call.get<C2cAd[]>('c2c/ads', { side: 'buy', coin: 'USDT', fiat: 'CNY' })
    const buyAd = shelf.data[0]
    expect(buyAd).toBeDefined()
    expect((await call.post('c2c/order/create', { adId: buyAd?.id, amount: '100' }, u.token)).code).toBe(2419)
    expect(
      (await call.post('c2c/quick', { side: 'buy', coin: 'USDT', fiat: 'CNY', amount: '100' }, u.token)).code,
    ).not.toBe(200)

    // Photos under review: still refused.
    await photos(u.token, u.userId)
    expect(await me()).toMatchObject({ verified: false, identity: 'pending' })
    expect((await call.post('c2c/payment/save', bank, u.token)).code).toBe(2419)

    // Approved in the console: the same user trades.
    expect((await call.post('admin/identity/approve', { userId: u.userId }, op.token)).code).toBe(200)
    expect(await me()).toMatchObject({ verified: true, identity: 'verified', realName: 'Mei Lin' })
    // The holder name is compared with the approved name.
    expect((await call.post('c2c/payment/save', { ...bank, name: 'Someone Else' }, u.token)).code).toBe(2401)
    expect((await call.post('c2c/payment/save', bank, u.token)).code).toBe(200)
    const published = await call.post<C2cAd>('c2c/ad/save', ad, u.token)
    expect(published.code, published.msg).toBe(200)
    await expectSound(h.db)
  })

  it('a rejected review keeps C2C closed', async () => {
    const { call, h, op } = s
    const u = await registerEmail(h.app, h.db)
    await basic(u.token, 'Rui Costa')
    await photos(u.token, u.userId)
    const r = await call.post(
      'admin/identity/reject',
      { userId: u.userId, reason: 'Photo unreadable' },
      op.token,
    )
    expect(r.code, r.msg).toBe(200)
    expect((await call.get<Me>('c2c/me', {}, u.token)).data).toMatchObject({
      verified: false,
      identity: 'failed',
    })
    const bank = { kind: 'bank', name: 'Rui Costa', bank: 'B', branch: 'C', account: '6222000011112222' }
    expect((await call.post('c2c/payment/save', bank, u.token)).code).toBe(2419)
  })

  it('the setting turns the requirement off (basic details do); back on, such ads leave the list and take no orders', async () => {
    const { call, h } = s
    await setRequired(false)
    const maker = await trader(h, call, { basic: true, usdt: '500' })
    const buyer = await trader(h, call)
    expect((await call.get<Me>('c2c/me', {}, maker.token)).data).toMatchObject({
      verified: true,
      approvedRequired: false,
      identity: 'basic',
    })
    const ad = await publish(call, maker, { fiat: 'USD', price: '1', minAmount: '10', maxAmount: '100' })
    const listed = async () =>
      (await call.get<C2cAd[]>('c2c/ads', { side: 'sell', coin: 'USDT', fiat: 'USD' })).data.some(
        (a) => a.id === ad.id,
      )
    expect(await listed()).toBe(true)

    // Back on (the default): the ad of an advertiser without approved identity is hidden and
    // cannot be taken; the advertiser can still take it off (escrow back).
    await setRequired(true)
    expect(await listed()).toBe(false)
    const r = await call.post('c2c/order/create', { adId: ad.id, amount: '20' }, buyer.token)
    expect(r.code).toBe(2420)
    expect((await call.post('c2c/ad/off', { id: ad.id }, maker.token)).code).toBe(200)
    expect((await call.post('c2c/ad/on', { id: ad.id }, maker.token)).code).toBe(2419)
    // No row at all means on.
    await h.db.deleteFrom('setting').where('key', '=', SETTING).execute()
    expect((await call.get<Me>('c2c/me', {}, maker.token)).data.approvedRequired).toBe(true)
    await expectSound(h.db)
  })

  it('merchant badge only with approved identity; the demo merchants are approved system accounts', async () => {
    const { call, h, op } = s
    // The demo merchants keep their badge.
    const demo = await call.get<C2cAd[]>('c2c/ads', {
      side: 'sell',
      coin: 'USDT',
      fiat: 'CNY',
      merchant: '1',
    })
    expect(demo.data.length).toBeGreaterThan(0)
    expect(demo.data.every((a) => a.advertiser.merchant)).toBe(true)

    const u = await registerEmail(h.app, h.db)
    await basic(u.token, 'Ana Silva')
    await photos(u.token, u.userId)
    const uid = (
      await h.db.selectFrom('users').select('uid').where('id', '=', u.userId).executeTakeFirstOrThrow()
    ).uid
    expect((await call.post('admin/c2c/merchant', { uid, merchant: true }, op.token)).code).toBe(200)
    const badge = async () => (await call.get<Me>('c2c/me', {}, u.token)).data.trader?.merchant
    // Marked, but the identity is still under review: no badge.
    expect(await badge()).toBe(false)
    expect((await call.post('admin/identity/approve', { userId: u.userId }, op.token)).code).toBe(200)
    expect(await badge()).toBe(true)
  })
})
