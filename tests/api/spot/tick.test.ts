import { cmp } from '@common/money/decimal'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Registered, registerEmail } from '../accounts/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { fund, spotApi, spotBalance } from './helpers'

/** Issue 33 item 4 on spot: a limit price finer than the pair's tick is refused, never rounded. */
describe.each(backends)('spot limit prices on the tick on %s', (backend) => {
  let h: Harness
  let s: ReturnType<typeof spotApi>
  let alice: Registered
  let bob: Registered
  beforeAll(async () => {
    h = await startHarness(backend)
    s = spotApi(h)
    alice = await registerEmail(h.app, h.db)
    bob = await registerEmail(h.app, h.db)
  })
  afterAll(async () => {
    await h.close()
  })

  it('refuses 65,947.435 with 1405 and fills a limit on the tick never above it', async () => {
    await fund(h.db, alice.userId, 'BTC', '1')
    await fund(h.db, bob.userId, 'USDT', '100000')
    const ask = await s.place(alice.token, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      price: '65947.44',
      amount: '0.1',
    })
    expect(ask.code, ask.msg).toBe(200)
    const before = await spotBalance(h.db, bob.userId, 'USDT')
    // Half-up rounding made this buy fill at 65,947.44, above the user's limit.
    for (const price of ['65947.435', '65947.4401', '0.001']) {
      const off = await s.place(bob.token, {
        symbol: 'BTCUSDT',
        side: 'buy',
        type: 'limit',
        price,
        amount: '0.01',
      })
      expect(off.code, price).toBe(1405)
    }
    expect(await spotBalance(h.db, bob.userId, 'USDT')).toEqual(before)
    const sellOff = await s.place(alice.token, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      price: '65947.445',
      amount: '0.01',
    })
    expect(sellOff.code).toBe(1405)
    // One tick under the ask rests; at the ask it fills there.
    const under = await s.place(bob.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '65947.43',
      amount: '0.01',
    })
    expect(under.data).toMatchObject({ status: 'open', filled: '0' })
    const at = await s.place(bob.token, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '65947.440',
      amount: '0.01',
    })
    expect(at.code, at.msg).toBe(200)
    expect(at.data.status).toBe('filled')
    expect(cmp(at.data.avgPrice ?? '0', '65947.44')).toBe(0)
  })
})
