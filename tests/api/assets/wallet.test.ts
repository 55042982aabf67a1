import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freeze, postEntry, readBalances, unfreeze } from '../../../server/ledger/ledger'
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

describe.each(backends)('balances, records and transfers on %s', (backend) => {
  let h: AssetsHarness
  beforeAll(async () => {
    h = await startAssets(backend)
    const op = await staff(h)
    await openChannel(h, op.token, 'USDT', 'TRC20', ADDR.TRON)
    await openChannel(h, op.token, 'BTC', 'BTC', ADDR.BTC, '0.0001')
  })
  afterAll(async () => {
    await h.close()
  })

  it('needs a session', async () => {
    for (const url of ['assets/overview', 'assets/ledger', 'assets/transfers'])
      expect((await h.get(url)).code).toBe(1003)
    expect((await h.post('assets/transfer', {})).code).toBe(1003)
  })

  it('values the holdings with index prices, per account and per coin, and in the display currency', async () => {
    const u = await registerEmail(h.app, h.db)
    await fund(h, u.token, 'USDT', 'TRC20', '1000')
    await fund(h, u.token, 'BTC', 'BTC', '0.5')
    expect(
      (
        await h.post(
          'assets/transfer',
          { coin: 'USDT', from: 'funding', to: 'spot', amount: '250.5' },
          u.token,
        )
      ).code,
    ).toBe(200)
    const o = await h.get<{
      totalUsdt: string
      display: { currency: string; rate: string | null; total: string | null }
      accounts: { account: string; valueUsdt: string }[]
      coins: { coin: string; total: string; valueUsdt: string | null; price: string | null }[]
    }>('assets/overview', {}, u.token)
    expect(o.code).toBe(200)
    expect(o.data.totalUsdt).toBe('31000.00')
    expect(o.data.accounts).toEqual([
      { account: 'funding', valueUsdt: '30749.50' },
      { account: 'spot', valueUsdt: '250.50' },
      { account: 'contract', valueUsdt: '0.00' },
      { account: 'leverage', valueUsdt: '0.00' },
      { account: 'finance', valueUsdt: '0.00' },
      { account: 'option', valueUsdt: '0.00' },
    ])
    expect(o.data.coins.find((c) => c.coin === 'BTC')).toMatchObject({
      total: '0.5',
      valueUsdt: '30000.00',
      price: '60000',
    })
    expect(o.data.display).toEqual({ currency: 'USD', rate: '1', total: '31000.00' })
    // EUR from the EURUSD index (1.25): 31000 / 1.25
    await h.post('user/updateUserInfo', { currency: 'EUR' }, u.token)
    const eur = await h.get<{ display: { rate: string | null; total: string | null } }>(
      'assets/overview',
      {},
      u.token,
    )
    expect(eur.data.display.total).toBe('24800.00')
    // The index has no CNY price: say so rather than invent one.
    await h.post('user/updateUserInfo', { currency: 'CNY' }, u.token)
    const cny = await h.get<{ display: { rate: string | null; total: string | null } }>(
      'assets/overview',
      {},
      u.token,
    )
    expect(cny.data.display).toMatchObject({ rate: null, total: null })

    const spot = await h.get<{ list: { coin: string; available: string }[]; totalUsdt: string }>(
      'assets/balances',
      { account: 'spot' },
      u.token,
    )
    expect(spot.data.totalUsdt).toBe('250.50')
    expect(spot.data.list.find((b) => b.coin === 'USDT')?.available).toBe('250.5')
    expect((await h.get('assets/balances', { account: 'savings' }, u.token)).code).toBe(1101)

    const coin = await h.get<{
      accounts: { account: string; available: string }[]
      total: string
      canDeposit: boolean
    }>('assets/coin', { coin: 'USDT' }, u.token)
    expect(coin.data.total).toBe('1000')
    expect(coin.data.canDeposit).toBe(true)
    expect(coin.data.accounts.find((a) => a.account === 'spot')?.available).toBe('250.5')
    expect((await h.get('assets/coin', { coin: 'NOPE' }, u.token)).code).toBe(1501)
    await expectSound(h.db)
  })

  it('transfers only what is available, between two different own accounts', async () => {
    const u = await registerEmail(h.app, h.db)
    await fund(h, u.token, 'USDT', 'TRC20', '100')
    const t = (body: Record<string, unknown>) =>
      h.post(
        'assets/transfer',
        { coin: 'USDT', from: 'funding', to: 'contract', amount: '10', ...body },
        u.token,
      )
    expect((await t({ amount: '100.000001' })).code).toBe(1200)
    expect((await t({ to: 'funding' })).code).toBe(1101)
    expect((await t({ to: 'wallet' })).code).toBe(1101)
    expect((await t({ amount: '0' })).code).toBe(1101)
    expect((await t({ amount: '1e3' })).code).toBe(1101)
    expect((await t({ amount: '0.0000001' })).code).toBe(1101)
    expect((await t({ coin: 'ZZZ' })).code).toBe(1501)
    expect((await t({ from: 'spot' })).code).toBe(1200)
    expect((await t({ amount: '40' })).code).toBe(200)
    expect((await t({ from: 'contract', to: 'option', amount: '15' })).code).toBe(200)
    expect(await readBalances(h.db, u.userId)).toEqual([
      { account: 'contract', asset: 'USDT', available: '25', frozen: '0' },
      { account: 'funding', asset: 'USDT', available: '60', frozen: '0' },
      { account: 'option', asset: 'USDT', available: '15', frozen: '0' },
    ])
    const recs = await h.get<{ list: { from: string; to: string; amount: string }[] }>(
      'assets/transfers',
      {},
      u.token,
    )
    expect(recs.data.list.map((r) => [r.from, r.to, r.amount])).toEqual([
      ['contract', 'option', '15'],
      ['funding', 'contract', '40'],
    ])
    // Ledger records: filters and paging.
    const all = await h.get<{ list: { reason: string; account: string }[]; hasMore: boolean }>(
      'assets/ledger',
      { reason: 'transfer', size: '3' },
      u.token,
    )
    expect(all.data.list).toHaveLength(3)
    expect(all.data.hasMore).toBe(true)
    const page2 = await h.get<{ list: unknown[]; hasMore: boolean }>(
      'assets/ledger',
      { reason: 'transfer', size: '3', page: '2' },
      u.token,
    )
    expect(page2.data).toMatchObject({ hasMore: false })
    expect(page2.data.list).toHaveLength(1)
    const funding = await h.get<{ list: { reason: string; account: string; amount: string }[] }>(
      'assets/ledger',
      { account: 'funding' },
      u.token,
    )
    expect(funding.data.list.map((r) => [r.reason, r.amount])).toEqual([
      ['transfer', '-40'],
      ['recharge', '100'],
    ])
    expect((await h.get('assets/ledger', { reason: 'bogus' }, u.token)).code).toBe(1101)
    expect((await h.get('assets/ledger', { size: '1000' }, u.token)).code).toBe(1101)

    // Another user sees none of it.
    const other = await registerEmail(h.app, h.db)
    expect((await h.get<{ list: unknown[] }>('assets/ledger', {}, other.token)).data.list).toHaveLength(0)
    expect((await h.get<{ list: unknown[] }>('assets/transfers', {}, other.token)).data.list).toHaveLength(0)
    await expectSound(h.db)
  })

  it('a frozen user may look but not transfer', async () => {
    const u = await registerEmail(h.app, h.db)
    await fund(h, u.token, 'USDT', 'TRC20', '20')
    await h.db.updateTable('users').set({ status: 'frozen' }).where('id', '=', u.userId).execute()
    expect((await h.get('assets/overview', {}, u.token)).code).toBe(200)
    const r = await h.post(
      'assets/transfer',
      { coin: 'USDT', from: 'funding', to: 'spot', amount: '1' },
      u.token,
    )
    expect(r.code).toBe(1007)
    expect(await readBalances(h.db, u.userId, { account: 'spot' })).toEqual([])
  })

  it('bill types: only the ones a user has; freeze/release movements hidden on request', async () => {
    const u = await registerEmail(h.app, h.db)
    expect((await h.get('assets/ledger/reasons')).code).toBe(1003)
    expect((await h.get<string[]>('assets/ledger/reasons', {}, u.token)).data).toEqual([])
    await fund(h, u.token, 'USDT', 'TRC20', '100')
    const key = { holder: u.userId, account: 'funding', asset: 'USDT' }
    await h.db.transaction().execute(async (trx) => {
      await postEntry(trx, { reason: 'spot_freeze', postings: freeze(key, '30') })
      await postEntry(trx, { reason: 'spot_unfreeze', postings: unfreeze(key, '30') })
    })
    expect((await h.get<string[]>('assets/ledger/reasons', {}, u.token)).data).toEqual([
      'recharge',
      'spot_freeze',
      'spot_unfreeze',
    ])
    type Page = { list: { reason: string }[] }
    const all = await h.get<Page>('assets/ledger', {}, u.token)
    expect(all.data.list).toHaveLength(5)
    const plain = await h.get<Page>('assets/ledger', { internal: '0' }, u.token)
    expect(plain.data.list.map((r) => r.reason)).toEqual(['recharge'])
    // A type asked for by name is shown even when internal movements are hidden.
    const asked = await h.get<Page>('assets/ledger', { internal: '0', reason: 'spot_freeze' }, u.token)
    expect(asked.data.list).toHaveLength(2)
    // Another user's types stay theirs.
    const other = await registerEmail(h.app, h.db)
    expect((await h.get<string[]>('assets/ledger/reasons', {}, other.token)).data).toEqual([])
    await expectSound(h.db)
  })
})
