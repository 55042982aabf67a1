import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, registerEmail } from '../accounts/helpers'
import { readyStaff, type StaffSuite } from '../admin/helpers'
import { backends, startHarness } from '../harness'
import { applyAndApprove, expectSound, product, verifyAdvanced } from '../loan/helpers'
import { fund } from '../spot/helpers'

interface Balances {
  list: { coin: string; available: string; transferable: string }[]
}

// Issue 34 item 4: the Transfer screen shows what may leave the funding account during a loan.
describe.each(backends)('transferable amount during a loan on %s', (backend) => {
  let s: StaffSuite
  beforeAll(async () => {
    const h = await startHarness(backend, { authRateLimitPerMinute: 100_000 })
    s = { h, call: api(h.app), op: await readyStaff(h.app, h.db, 'operator') }
  })
  afterAll(async () => {
    await s.h.close()
  })

  it('funding balances carry the part above the debt; "all" of it transfers, one unit more is refused', async () => {
    const { call, h, op } = s
    const u = await registerEmail(h.app, h.db)
    await verifyAdvanced(h.db, u.userId)
    await fund(h.db, u.userId, 'USDT', '1200', 'funding')
    await fund(h.db, u.userId, 'USDT', '5', 'spot')
    const row = async (account: string) =>
      (await call.get<Balances>('assets/balances', { account }, u.token)).data.list.find(
        (b) => b.coin === 'USDT',
      )

    // No loan: everything available may leave.
    expect(await row('funding')).toMatchObject({ available: '1200', transferable: '1200' })

    // 1000 borrowed for 30 days at 1 % a month: 1010 owed, 2200 available, 1190 may leave.
    const p = await product(call, 'USDT', 30)
    await applyAndApprove(call, u.token, op.token, { productId: p.id, amount: '1000' })
    expect(await row('funding')).toMatchObject({ available: '2200', transferable: '1190' })
    // Other accounts hold no borrowed funds: their transferable amount is what is available.
    expect(await row('spot')).toMatchObject({ available: '5', transferable: '5' })
    // The same figure as the withdrawal form's.
    const info = await call.get<{ withdrawable: string }>('assets/withdraw/info', { coin: 'USDT' }, u.token)
    expect(info.data.withdrawable).toBe('1190')

    const transfer = (amount: string) =>
      call.post('assets/transfer', { coin: 'USDT', from: 'funding', to: 'spot', amount }, u.token)
    const refused = await transfer('1190.000001')
    expect(refused.code).toBe(2206)
    expect(refused.data).toMatchObject({ withdrawable: '1190', owed: '1010' })
    expect((await transfer('1190')).code).toBe(200)
    expect(await row('funding')).toMatchObject({ available: '1010', transferable: '0' })
    await expectSound(h.db)
  })
})
