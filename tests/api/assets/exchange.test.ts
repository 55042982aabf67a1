import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBalances } from '../../../server/ledger/ledger'
import { backends } from '../harness'
import {
  ADDR,
  type AssetsHarness,
  expectSound,
  fund,
  openChannel,
  registerEmail,
  staff,
  startAssets,
} from './helpers'

describe.each(backends)('flash exchange on %s', (backend) => {
  let h: AssetsHarness
  beforeAll(async () => {
    h = await startAssets(backend)
    const op = await staff(h)
    await openChannel(h, op.token, 'USDT', 'TRC20', ADDR.TRON)
  })
  afterAll(async () => {
    await h.close()
  })

  interface Quote {
    quoteId: string
    rate: string
    fee: string
    receive: string
    spread: string
    expiresAt: number
  }

  it('quotes from the index with a visible spread and fee, then settles through the desk', async () => {
    const u = await registerEmail(h.app, h.db)
    await fund(h, u.token, 'USDT', 'TRC20', '1000')
    const q = await h.post<Quote>(
      'assets/exchange/quote',
      { from: 'USDT', to: 'BTC', amount: '600' },
      u.token,
    )
    expect(q.code, q.msg).toBe(200)
    // 600 / 60000 = 0.01; less 0.2 % spread = 0.00998; fee 0.1 % rounded up = 0.00000998
    expect(q.data).toMatchObject({ spread: '0.002', fee: '0.00000998', receive: '0.00997002' })
    expect(q.data.expiresAt).toBeGreaterThan(Date.now())
    const c = await h.post('assets/exchange/confirm', { quoteId: q.data.quoteId }, u.token)
    expect(c.code, c.msg).toBe(200)
    expect(await readBalances(h.db, u.userId)).toEqual([
      { account: 'funding', asset: 'BTC', available: '0.00997002', frozen: '0' },
      { account: 'funding', asset: 'USDT', available: '400', frozen: '0' },
    ])
    // A quote is used once.
    expect((await h.post('assets/exchange/confirm', { quoteId: q.data.quoteId }, u.token)).code).toBe(1506)
    const recs = await h.get<{ list: { from: string; to: string; amount: string; receive: string }[] }>(
      'assets/exchange/records',
      {},
      u.token,
    )
    expect(recs.data.list).toEqual([
      expect.objectContaining({ from: 'USDT', to: 'BTC', amount: '600', receive: '0.00997002' }),
    ])
    const ledger = await h.get<{ list: { reason: string }[] }>(
      'assets/ledger',
      { reason: 'exchange' },
      u.token,
    )
    expect(ledger.data.list).toHaveLength(2)
    await expectSound(h.db)
  })

  it('refuses more than held, bad amounts, unpriced coins, expired and foreign quotes', async () => {
    const u = await registerEmail(h.app, h.db)
    const other = await registerEmail(h.app, h.db)
    await fund(h, u.token, 'USDT', 'TRC20', '100')
    const quote = (b: Record<string, unknown>, token = u.token) =>
      h.post<Quote>('assets/exchange/quote', { from: 'USDT', to: 'ETH', amount: '10', ...b }, token)
    expect((await quote({ amount: '100.01' })).code).toBe(1203)
    expect((await quote({ amount: '0' })).code).toBe(1101)
    expect((await quote({ to: 'USDT' })).code).toBe(1101)
    expect((await quote({ to: 'DOT' })).code).toBe(1507)
    expect((await quote({ to: 'NOPE' })).code).toBe(1501)
    expect((await quote({ amount: '0.0000001' })).code).toBe(1101)
    // Too small to receive anything after truncation.
    expect((await quote({ amount: '0.000001' })).code).toBe(1202)

    const q = await quote({})
    expect((await h.post('assets/exchange/confirm', { quoteId: q.data.quoteId }, other.token)).code).toBe(
      1004,
    )
    await h.db
      .updateTable('exchange_order')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', q.data.quoteId)
      .execute()
    expect((await h.post('assets/exchange/confirm', { quoteId: q.data.quoteId }, u.token)).code).toBe(1506)

    // Funds spent between quote and confirm: refused at confirm, nothing moves.
    const q2 = await quote({ amount: '80' })
    expect(
      (await h.post('assets/transfer', { coin: 'USDT', from: 'funding', to: 'spot', amount: '50' }, u.token))
        .code,
    ).toBe(200)
    expect((await h.post('assets/exchange/confirm', { quoteId: q2.data.quoteId }, u.token)).code).toBe(1203)
    expect(await readBalances(h.db, u.userId, { account: 'funding' })).toEqual([
      { account: 'funding', asset: 'USDT', available: '50', frozen: '0' },
    ])
    expect(
      (await h.get<{ list: unknown[] }>('assets/exchange/records', {}, other.token)).data.list,
    ).toHaveLength(0)
    await expectSound(h.db)
  })
})
