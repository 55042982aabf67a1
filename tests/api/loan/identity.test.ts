import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { api, registerEmail } from '../accounts/helpers'
import { readyStaff, type StaffSuite } from '../admin/helpers'
import { backends, startHarness } from '../harness'
import { expectSound, product } from './helpers'

const SETTING = 'loan.approved_identity_required'

/** Issue 34 item 8: no loan without identity an operator approved (configurable; the credit loan always). */
describe.each(backends)('loan identity on %s', (backend) => {
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

  it('refuses a loan (2215, type 998) with no, basic or pending identity, and takes it once approved', async () => {
    const { call, h, op } = s
    const u = await registerEmail(h.app, h.db)
    const p = await product(call, 'USDT', 7)
    const apply = () => call.post('loan/apply', { productId: p.id, amount: '1000', purpose: 'x' }, u.token)
    const me = async () =>
      (await call.get<{ approvedRequired: boolean; identity: string }>('loan/me', {}, u.token)).data
    expect((await call.get('loan/me')).code).toBe(1003)
    expect(await me()).toEqual({ approvedRequired: true, identity: 'none' })
    expect(await apply()).toMatchObject({ code: 2215, type: 998 })

    const basic = await call.post(
      'user/identity/basic',
      { nationality: 'TW', realName: 'Wang Wei', idNumber: 'A223456789' },
      u.token,
    )
    expect(basic.code, basic.msg).toBe(200)
    expect(await me()).toEqual({ approvedRequired: true, identity: 'basic' })
    expect((await apply()).code).toBe(2215)

    const ids = [randomUUID(), randomUUID(), randomUUID()]
    await h.db
      .insertInto('upload')
      .values(
        ids.map((id) => ({
          id,
          owner_id: u.userId,
          mime: 'image/jpeg',
          size: 3,
          width: 1,
          height: 1,
          bytes: Buffer.from([1, 2, 3]),
        })),
      )
      .execute()
    const adv = await call.post(
      'user/identity/advanced',
      { front: ids[0], back: ids[1], hand: ids[2] },
      u.token,
    )
    expect(adv.code, adv.msg).toBe(200)
    expect((await me()).identity).toBe('pending')
    expect((await apply()).code).toBe(2215)
    // Nothing was recorded by the refusals.
    expect(
      await h.db.selectFrom('loan_order').select('id').where('user_id', '=', u.userId).execute(),
    ).toEqual([])

    expect((await call.post('admin/identity/approve', { userId: u.userId }, op.token)).code).toBe(200)
    expect((await me()).identity).toBe('verified')
    const ok = await apply()
    expect(ok.code, ok.msg).toBe(200)
    await expectSound(h.db)
  })

  it('with the setting off, the ordinary loans need no identity (as before); the credit loan still needs approval', async () => {
    const { call, h } = s
    await h.db
      .insertInto('setting')
      .values({ key: SETTING, value: JSON.stringify(false) })
      .execute()
    const u = await registerEmail(h.app, h.db)
    expect((await call.get('loan/me', {}, u.token)).data).toEqual({
      approvedRequired: false,
      identity: 'none',
    })
    const p = await product(call, 'USDT', 7)
    const r = await call.post('loan/apply', { productId: p.id, amount: '1000', purpose: 'x' }, u.token)
    expect(r.code, r.msg).toBe(200)
    const credit = await product(call, 'USDT', 30, true)
    const c = await call.post('loan/apply', { productId: credit.id, amount: '5000', purpose: 'x' }, u.token)
    expect(c).toMatchObject({ code: 2215, type: 998 })
  })
})
