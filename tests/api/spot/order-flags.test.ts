import type { SpotOrder } from '@common/spot/schema'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { type Registered, registerEmail } from '../accounts/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { fund, spotApi, spotBalance } from './helpers'

/**
 * Time in force, post-only, client order ids and the market buy sized in base (issue 38), through
 * HTTP with exact balances. Fees are the default 0.1 % (USDT, 6 places).
 */
describe.each(backends)('spot order flags on %s', (backend) => {
  let h: Harness
  let s: ReturnType<typeof spotApi>
  let alice: Registered
  let bob: Registered
  beforeAll(async () => {
    h = await startHarness(backend)
    s = spotApi(h)
  })
  afterAll(async () => {
    await h.close()
  })
  // Each test starts with fresh users and an empty ETH book.
  beforeEach(async () => {
    if (alice) await s.cancelAll(alice.token)
    if (bob) await s.cancelAll(bob.token)
    alice = await registerEmail(h.app, h.db)
    bob = await registerEmail(h.app, h.db)
    await fund(h.db, alice.userId, 'USDT', '10000')
    await fund(h.db, bob.userId, 'ETH', '2')
  })

  const sound = async () => expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
  const ask = (price: string, amount: string) =>
    s.place(bob.token, { symbol: 'ETHUSDT', side: 'sell', type: 'limit', price, amount })
  const buy = (body: Record<string, unknown>) =>
    s.place(alice.token, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', ...body })

  it('IOC takes what crosses, rests nothing and releases the rest of its freeze', async () => {
    expect((await ask('3000', '0.5')).code).toBe(200)
    const r = await buy({ price: '3000', amount: '1', timeInForce: 'IOC' })
    expect(r.code, r.msg).toBe(200)
    expect(r.data).toMatchObject({ status: 'cancelled', filled: '0.5', timeInForce: 'IOC', postOnly: false })
    // 1500 for 0.5 ETH and 1.5 fee: the other 1500 (+ its fee) frozen for the rest is released.
    expect(await spotBalance(h.db, alice.userId, 'USDT')).toEqual({ available: '8498.5', frozen: '0' })
    expect(await spotBalance(h.db, alice.userId, 'ETH')).toEqual({ available: '0.5', frozen: '0' })
    expect((await s.open(alice.token)).data).toEqual([])
    expect((await s.get<{ bids: unknown[] }>('spot/depth', { symbol: 'ETHUSDT' })).data.bids).toEqual([])
    await sound()
  })

  it('FOK is killed with nothing filled when the book is short, and fills whole when it is not', async () => {
    const resting = await ask('3000', '0.5')
    const killed = await buy({ price: '3000', amount: '1', timeInForce: 'FOK' })
    expect(killed.code, killed.msg).toBe(200)
    expect(killed.data).toMatchObject({ status: 'cancelled', filled: '0', timeInForce: 'FOK' })
    expect(await spotBalance(h.db, alice.userId, 'USDT')).toEqual({ available: '10000', frozen: '0' })
    expect((await s.open(bob.token)).data).toMatchObject([{ id: resting.data.id, filled: '0' }])

    const whole = await buy({ price: '3000', amount: '0.5', timeInForce: 'FOK' })
    expect(whole.data).toMatchObject({ status: 'filled', filled: '0.5' })
    expect(await spotBalance(h.db, alice.userId, 'USDT')).toEqual({ available: '8498.5', frozen: '0' })
    await sound()
  })

  it('refuses a post-only order that would take (1620), and rests one that does not', async () => {
    await ask('3000', '0.5')
    const refused = await buy({ price: '3000', amount: '0.1', postOnly: true })
    expect(refused.code).toBe(1620)
    expect(await spotBalance(h.db, alice.userId, 'USDT')).toEqual({ available: '10000', frozen: '0' })
    const maker = await buy({ price: '2999', amount: '0.1', postOnly: true })
    expect(maker.code, maker.msg).toBe(200)
    expect(maker.data).toMatchObject({ status: 'open', postOnly: true, timeInForce: 'GTC' })
    expect((await s.open(alice.token)).data).toMatchObject([{ id: maker.data.id, postOnly: true }])
    // Post-only goes with GTC only, and neither flag with a market order.
    expect((await buy({ price: '2999', amount: '0.1', postOnly: true, timeInForce: 'IOC' })).code).toBe(1101)
    expect(
      (
        await s.place(alice.token, {
          symbol: 'ETHUSDT',
          side: 'buy',
          type: 'market',
          quoteAmount: '10',
          postOnly: true,
        })
      ).code,
    ).toBe(1101)
    await sound()
  })

  it('a market buy sized in base takes that much and releases what its freeze did not spend', async () => {
    await ask('3000', '0.3')
    await ask('3010', '0.3')
    const r = await s.place(alice.token, { symbol: 'ETHUSDT', side: 'buy', type: 'market', amount: '0.5' })
    expect(r.code, r.msg).toBe(200)
    expect(r.data).toMatchObject({ status: 'filled', filled: '0.5', amount: '0.5', quoteAmount: null })
    // 0.3 x 3000 + 0.2 x 3010 = 1502, fees 0.9 + 0.602.
    expect(await spotBalance(h.db, alice.userId, 'USDT')).toEqual({ available: '8496.498', frozen: '0' })
    expect(await spotBalance(h.db, alice.userId, 'ETH')).toEqual({ available: '0.5', frozen: '0' })
    // Sized by exactly one of amount and quoteAmount.
    const both = await s.place(alice.token, {
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'market',
      amount: '0.1',
      quoteAmount: '100',
    })
    expect(both.code).toBe(1101)
    await sound()
  })

  it('a client order id places one order under 50 concurrent retries; query and cancel by it', async () => {
    const body = { price: '2000', amount: '0.1', clientOrderId: 'bot-42:a' }
    const all = await Promise.all(Array.from({ length: 50 }, () => buy(body)))
    expect(all.every((r) => r.code === 200)).toBe(true)
    const ids = new Set(all.map((r) => r.data.id))
    expect(ids.size).toBe(1)
    const open = (await s.open(alice.token)).data
    expect(open).toHaveLength(1)
    expect(open[0]).toMatchObject({ clientOrderId: 'bot-42:a', status: 'open' })
    const { count } = await h.db
      .selectFrom('spot_order')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('holder', '=', alice.userId)
      .executeTakeFirstOrThrow()
    expect(Number(count)).toBe(1)
    // 200 USDT and its 0.2 fee frozen once.
    expect(await spotBalance(h.db, alice.userId, 'USDT')).toEqual({ available: '9799.8', frozen: '200.2' })

    const byRef = await s.get<SpotOrder>('spot/order', { clientOrderId: 'bot-42:a' }, alice.token)
    expect(byRef.data).toMatchObject({ id: open[0]?.id, clientOrderId: 'bot-42:a' })
    // Another user's client order id reads as missing.
    expect((await s.get('spot/order', { clientOrderId: 'bot-42:a' }, bob.token)).code).toBe(1600)
    const cancelled = await s.post<SpotOrder>('spot/order/cancel', { clientOrderId: 'bot-42:a' }, alice.token)
    expect(cancelled.data).toMatchObject({ id: open[0]?.id, status: 'cancelled' })
    expect(await spotBalance(h.db, alice.userId, 'USDT')).toEqual({ available: '10000', frozen: '0' })
    expect((await s.post('spot/order/cancel', { clientOrderId: 'bot-42:a' }, alice.token)).code).toBe(1601)
    expect((await s.post('spot/order/cancel', { clientOrderId: 'nope' }, alice.token)).code).toBe(1600)
    // A repeat soon after the order ended still answers it, placing nothing.
    const repeat = await buy(body)
    expect(repeat.data).toMatchObject({ id: open[0]?.id, status: 'cancelled' })
    expect((await buy({ ...body, clientOrderId: 'has space' })).code).toBe(1101)
    await sound()
  })
})
