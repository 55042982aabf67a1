import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, openStaffSuite, type StaffSuite } from '../admin/helpers'
import { backends } from '../harness'
import { fund, spotApi } from '../spot/helpers'
import { PASSWORD, registerEmail } from './helpers'

/**
 * Sessions are cached in process for a few seconds; every way of ending one, or of changing what a
 * session may do, takes effect on the very next request all the same.
 */
describe.each(backends)('session cache on %s', (backend) => {
  let { h, call, op } = {} as StaffSuite
  beforeAll(async () => {
    ;({ h, call, op } = await openStaffSuite(backend))
  })
  afterAll(() => h.close())

  const me = (token: string) => call.get('user/getUserInfo', {}, token)

  it('a logged-out token is refused on the next request', async () => {
    const u = await registerEmail(h.app, h.db)
    expect((await me(u.token)).code).toBe(200)
    expect((await me(u.token)).code).toBe(200)
    expect((await call.post('user/logout', {}, u.token)).code).toBe(200)
    expect((await me(u.token)).code).toBe(1003)
  })

  it('a session revoked from another device is refused on the next request; the others still work', async () => {
    const u = await registerEmail(h.app, h.db)
    const other = await login(h.app, u.email, PASSWORD)
    expect((await me(other)).code).toBe(200)
    const sessions = await call.get<{ id: string; current: boolean }[]>('user/sessions', {}, other)
    const otherId = sessions.data.find((s) => s.current)?.id
    expect(otherId).toBeDefined()
    expect((await call.post('user/sessions/revoke', { id: otherId }, u.token)).code).toBe(200)
    expect((await me(other)).code).toBe(1003)
    expect((await me(u.token)).code).toBe(200)
  })

  it('changing the password ends every session at once', async () => {
    const u = await registerEmail(h.app, h.db)
    const other = await login(h.app, u.email, PASSWORD)
    expect((await me(other)).code).toBe(200)
    const next = 'N3wPassw0rd!y'
    expect(
      (
        await call.post(
          'safe/updatePassword',
          { oldPassword: PASSWORD, password: next, confirmPassword: next },
          u.token,
        )
      ).code,
    ).toBe(200)
    expect((await me(u.token)).code).toBe(1003)
    expect((await me(other)).code).toBe(1003)
  })

  it('a user frozen by the console cannot place the next order; unfrozen, they can', async () => {
    const u = await registerEmail(h.app, h.db)
    await fund(h.db, u.userId, 'USDT', '1000')
    const s = spotApi(h)
    const order = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '10000', amount: '0.01' }
    expect((await s.place(u.token, order)).code).toBe(200)
    expect(
      (await call.post('admin/users/freeze', { userId: u.userId, reason: 'Review' }, op.token)).code,
    ).toBe(200)
    expect((await s.place(u.token, order)).code).toBe(1007)
    // Frozen, not logged out: the session still reads.
    expect((await me(u.token)).code).toBe(200)
    expect(
      (await call.post('admin/users/unfreeze', { userId: u.userId, reason: 'Cleared' }, op.token)).code,
    ).toBe(200)
    expect((await s.place(u.token, order)).code).toBe(200)
  })
})
