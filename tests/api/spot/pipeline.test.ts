import { add } from '@common/money/decimal'
import type { DepthSnapshot, SpotFill, SpotOrder } from '@common/spot/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { spotService } from '../../../server/modules/spot/service'
import { type Registered, registerEmail } from '../accounts/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { fund, spotApi, spotBalance } from './helpers'

/** Self-trade prevention and the group-committed placement pipeline. */
describe.each(backends)('spot pipeline on %s', (backend) => {
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

  const sound = async () => expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)

  it('never trades a user with itself: the resting order is cancelled and its funds released', async () => {
    await fund(h.db, alice.userId, 'ETH', '2')
    await fund(h.db, alice.userId, 'USDT', '10000')
    await fund(h.db, bob.userId, 'ETH', '1')
    const mine = await s.place(alice.token, {
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'limit',
      price: '3000',
      amount: '1',
    })
    const bobs = await s.place(bob.token, {
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'limit',
      price: '3001',
      amount: '0.5',
    })
    expect(mine.code).toBe(200)
    expect(bobs.code).toBe(200)
    expect(await spotBalance(h.db, alice.userId, 'ETH')).toEqual({ available: '1', frozen: '1' })

    // Alice's bid crosses her own ask first: that ask is cancelled, then she trades with Bob.
    const buy = await s.place(alice.token, {
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      price: '3001',
      amount: '0.5',
    })
    expect(buy.code, buy.msg).toBe(200)
    expect(buy.data).toMatchObject({ status: 'filled', filled: '0.5', avgPrice: '3001' })
    const history = await s.get<{ list: SpotOrder[] }>('spot/orders/history', { limit: '10' }, alice.token)
    expect(history.data.list.find((o) => o.id === mine.data.id)).toMatchObject({
      status: 'cancelled',
      filled: '0',
    })
    const fills = await s.get<{ list: SpotFill[] }>('spot/fills', { limit: '10' }, alice.token)
    expect(fills.data.list.every((f) => f.orderId !== mine.data.id)).toBe(true)
    // 2 ETH: 1 back from the cancelled ask, plus 0.5 bought; nothing frozen.
    expect(await spotBalance(h.db, alice.userId, 'ETH')).toEqual({ available: '2.5', frozen: '0' })
    const depth = await s.get<DepthSnapshot>('spot/depth', { symbol: 'ETHUSDT' })
    expect(depth.data.asks).toEqual([])
    await sound()
  })

  it('a market order cancels the own resting orders it meets and takes the rest', async () => {
    await fund(h.db, bob.userId, 'USDT', '1000')
    await s.place(alice.token, {
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      price: '2900',
      amount: '0.2',
    })
    await s.place(bob.token, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '2899', amount: '0.2' })
    const sell = await s.place(alice.token, {
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'market',
      amount: '0.1',
    })
    expect(sell.code, sell.msg).toBe(200)
    expect(sell.data).toMatchObject({ status: 'filled', filled: '0.1', avgPrice: '2899' })
    expect((await s.open(alice.token, 'ETHUSDT')).data).toEqual([])
    await s.cancelAll(bob.token)
    await sound()
  })

  it('group commit: concurrent orders of many users, some refused, settle exactly', async () => {
    const users: Registered[] = []
    for (let i = 0; i < 6; i++) users.push(await registerEmail(h.app, h.db))
    // Users 0-2 buy with enough USDT for 3 orders each; 3-5 sell with enough SOL for 3 each.
    for (let i = 0; i < 3; i++) await fund(h.db, (users[i] as Registered).userId, 'USDT', '303.3')
    for (let i = 3; i < 6; i++) await fund(h.db, (users[i] as Registered).userId, 'SOL', '3')
    const frozen = users[5] as Registered
    await h.db.updateTable('users').set({ status: 'frozen' }).where('id', '=', frozen.userId).execute()
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, k) => {
        const u = users[k % 6] as Registered
        const side = k % 6 < 3 ? 'buy' : 'sell'
        return s.place(u.token, { symbol: 'SOLUSDT', side, type: 'limit', price: '100', amount: '1' })
      }),
    )
    const codes = results.map((r) => r.code)
    // Each funded user gets exactly 3 orders through; the frozen one none.
    expect(codes.filter((c) => c === 200)).toHaveLength(15)
    expect(codes.filter((c) => c === 1200)).toHaveLength(10)
    expect(codes.filter((c) => c === 1003 || c === 1007)).toHaveLength(5)
    // Every sell that went through met a buy: 6 SOL sold, 3 bids rest.
    const depth = await s.get<DepthSnapshot>('spot/depth', { symbol: 'SOLUSDT' })
    expect(depth.data.asks).toEqual([])
    expect(depth.data.bids).toEqual([{ price: '100', amount: '3' }])
    let sol = '0'
    for (let i = 0; i < 3; i++) {
      const b = await spotBalance(h.db, (users[i] as Registered).userId, 'SOL')
      sol = add(sol, b.available)
    }
    expect(sol).toBe('6')
    await sound()
  })

  it('a placement that reaches past what its group locked waits for the next group, exactly', async () => {
    // Two platform makers (no user row needed) rest asks; Alice and Bob buy.
    const spot = spotService(h.db)
    await fund(h.db, 'mm:t1', 'DOT', '1')
    await fund(h.db, 'mm:t2', 'DOT', '1')
    await fund(h.db, alice.userId, 'USDT', '100')
    await fund(h.db, bob.userId, 'USDT', '100')
    const dotBefore = async (id: string) => (await spotBalance(h.db, id, 'DOT')).available
    const [aliceDot, bobDot] = [await dotBefore(alice.userId), await dotBefore(bob.userId)]
    const ask = { symbol: 'DOTUSDT', side: 'sell', type: 'limit', amount: '1' } as const
    await spot.place('mm:t1', { ...ask, price: '5' })
    await spot.place('mm:t2', { ...ask, price: '6' })
    // Queued together, so one group: each previews only mm:t1's ask; the second meets mm:t2's.
    const bid = { symbol: 'DOTUSDT', side: 'buy', type: 'limit', price: '6', amount: '1' } as const
    const [first, second] = await Promise.all([spot.place(alice.userId, bid), spot.place(bob.userId, bid)])
    expect(first).toMatchObject({ status: 'filled', avgPrice: '5' })
    expect(second).toMatchObject({ status: 'filled', avgPrice: '6' })
    expect(await spotBalance(h.db, 'mm:t1', 'USDT')).toEqual({ available: '4.995', frozen: '0' })
    expect(await spotBalance(h.db, 'mm:t2', 'USDT')).toEqual({ available: '5.994', frozen: '0' })
    expect(await dotBefore(alice.userId)).toBe(add(aliceDot, '1'))
    expect(await dotBefore(bob.userId)).toBe(add(bobDot, '1'))
    await sound()
  })

  it('reads instrument changes through the invalidate hook', async () => {
    await h.db.updateTable('instrument').set({ min_amount: '5' }).where('symbol', '=', 'SOLUSDT').execute()
    await spotService(h.db).invalidate('SOLUSDT')
    const small = await s.place(bob.token, {
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'limit',
      price: '1',
      amount: '1',
    })
    expect(small.code).toBe(1201)
    await h.db.updateTable('instrument').set({ min_amount: '0.01' }).where('symbol', '=', 'SOLUSDT').execute()
    await spotService(h.db).invalidate('SOLUSDT')
    const ok = await s.place(bob.token, {
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'limit',
      price: '20',
      amount: '1',
    })
    expect(ok.code, ok.msg).toBe(200)
    await sound()
  })
})
