import { add, gt, isNegative, lt, round, sub } from '@common/money/decimal'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractService } from '../../../server/modules/contract/service'
import { type Registered, registerEmail } from '../accounts/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { BTC, contractApi, contractBalance, expectSound, fundContract, quote } from './helpers'

interface BalanceRow {
  coin: string
  available: string
  transferable: string
}

/**
 * Cross margin: the whole contract balance backs the positions, so the margin behind an unrealized
 * loss may not leave the contract account (a transfer out would otherwise leave the position at or
 * beyond bankruptcy, with the risk protection fund paying the difference).
 */
describe.each(backends)('transfers out of the contract account on %s', (backend) => {
  let h: Harness
  let c: ReturnType<typeof contractApi>
  let u: Registered
  beforeAll(async () => {
    h = await startHarness(backend)
    c = contractApi(h)
    u = await registerEmail(h.app, h.db)
    expect((await c.index(BTC, '65000')).code).toBe(200)
  })
  afterAll(async () => {
    contractService(h.db).setIndexFollower('mm:1', null)
    await h.close()
  })

  const transferable = async () => {
    const r = await c.get<{ list: BalanceRow[] }>('assets/balances', { account: 'contract' }, u.token)
    expect(r.code, r.msg).toBe(200)
    const row = r.data.list.find((x) => x.coin === 'USDT') as BalanceRow
    return row
  }
  const out = (amount: string) =>
    c.post('assets/transfer', { coin: 'USDT', from: 'contract', to: 'funding', amount }, u.token)

  it('keeps the unrealized loss in the account, lets the rest leave, and one of 20 racing transfers of it', async () => {
    await fundContract(h.db, u.userId, '1000')
    // Without positions everything available may leave.
    const flat = await transferable()
    expect(flat).toMatchObject({ available: '1000', transferable: '1000' })
    await quote(h)
    const open = await c.place(u.token, { symbol: BTC, side: 'long', type: 'market', lots: 50, leverage: 10 })
    expect(open.code, open.msg).toBe(200)

    // 0.05 BTC long from about 65,000 (margin 325); the index falls to 60,000: about 250 USDT unrealized loss.
    expect((await c.index(BTC, '60000')).code).toBe(200)
    const [p] = (await c.positions(u.token)).data
    const loss = sub('0', p?.unrealizedPnl ?? '0')
    expect(gt(loss, '245')).toBe(true)
    const row = await transferable()
    expect(row.transferable).toBe(round(sub(row.available, loss), 6, 'down'))
    expect(lt(row.transferable, row.available)).toBe(true)

    // "All" of the available balance is refused and changes nothing.
    const before = await contractBalance(h.db, u.userId)
    const all = await out(row.available)
    expect(all.code).toBe(1907)
    expect(await contractBalance(h.db, u.userId)).toEqual(before)

    // The transferable amount leaves once, even when 20 transfers of it race.
    const results = await Promise.all(Array.from({ length: 20 }, () => out(row.transferable)))
    expect(results.filter((r) => r.code === 200)).toHaveLength(1)
    for (const r of results) expect([200, 1907, 1200]).toContain(r.code)
    const after = await contractBalance(h.db, u.userId)
    expect(after.available).toBe(sub(before.available, row.transferable))
    // What is left covers the loss: the margin balance (wallet + unrealized PnL) is still the
    // position margin, less under a millionth of rounding.
    const marginBalance = add(add(after.available, after.frozen), p?.unrealizedPnl ?? '0')
    expect(isNegative(sub(marginBalance, after.frozen))).toBe(false)
    expect(lt(sub(marginBalance, after.frozen), '0.000001')).toBe(true)
    expect((await transferable()).transferable).toBe('0')
    await expectSound(h.db)
  })
})
