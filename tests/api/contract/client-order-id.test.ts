import type { ContractOrder } from '@common/contract/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Registered, registerEmail } from '../accounts/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { BTC, contractApi, contractBalance, expectSound, fundContract } from './helpers'

/** Client order ids on perpetual orders (issue 38): one order per id under retries, cancel and query by it. */
describe.each(backends)('contract client order ids on %s', (backend) => {
  let h: Harness
  let c: ReturnType<typeof contractApi>
  let alice: Registered
  beforeAll(async () => {
    h = await startHarness(backend)
    c = contractApi(h)
    alice = await registerEmail(h.app, h.db)
    await fundContract(h.db, alice.userId, '10000')
    expect((await c.index(BTC, '65000')).code).toBe(200)
  })
  afterAll(async () => {
    await h.close()
  })

  it('places one order for 50 concurrent retries of one client order id; query and cancel by it', async () => {
    const body = {
      symbol: BTC,
      side: 'long',
      type: 'limit',
      price: '60000',
      lots: 1,
      leverage: 10,
      clientOrderId: 'perp-1',
    }
    const all = await Promise.all(Array.from({ length: 50 }, () => c.place(alice.token, body)))
    expect(all.every((r) => r.code === 200)).toBe(true)
    expect(new Set(all.map((r) => r.data.id)).size).toBe(1)
    const first = all[0]?.data as ContractOrder
    expect(first).toMatchObject({ clientOrderId: 'perp-1', status: 'open' })
    const open = await c.get<ContractOrder[]>('contract/orders/open', {}, alice.token)
    expect(open.data.filter((o) => o.clientOrderId === 'perp-1')).toHaveLength(1)
    const frozen = (await contractBalance(h.db, alice.userId)).frozen

    const byRef = await c.get<ContractOrder>('contract/order', { clientOrderId: 'perp-1' }, alice.token)
    expect(byRef.data).toMatchObject({ id: first.id, clientOrderId: 'perp-1' })
    const cancelled = await c.post<ContractOrder>(
      'contract/order/cancel',
      { clientOrderId: 'perp-1' },
      alice.token,
    )
    expect(cancelled.data).toMatchObject({ id: first.id, status: 'cancelled' })
    expect(frozen).not.toBe('0')
    expect(await contractBalance(h.db, alice.userId)).toEqual({ available: '10000', frozen: '0' })
    expect((await c.post('contract/order/cancel', { clientOrderId: 'perp-1' }, alice.token)).code).toBe(1601)
    expect((await c.get('contract/order', { clientOrderId: 'other' }, alice.token)).code).toBe(1600)
    await expectSound(h.db)
  })
})
