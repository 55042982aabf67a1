import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBalances } from '../../../server/ledger/ledger'
import { approveWithdrawal, listWithdrawals, rejectWithdrawal } from '../../../server/modules/assets/review'
import { newTotpSecret, totpAt } from '../../../server/platform/verify/totp'
import { TRADE } from '../accounts/helpers'
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

describe.each(backends)('withdrawals and the address book on %s', (backend) => {
  let h: AssetsHarness
  let op: { token: string; userId: string }
  beforeAll(async () => {
    h = await startAssets(backend)
    op = await staff(h)
    await openChannel(h, op.token, 'USDT', 'TRC20', ADDR.TRON)
  })
  afterAll(async () => {
    await h.close()
  })

  const body = (extra: Record<string, unknown> = {}) => ({
    coin: 'USDT',
    chain: 'TRC20',
    address: ADDR.TRON2,
    amount: '30',
    tradePassword: TRADE,
    ...extra,
  })

  it('validates chain, address, amount and trade password before freezing anything', async () => {
    const u = await registerEmail(h.app, h.db)
    await fund(h, u.token, 'USDT', 'TRC20', '100')
    const w = (extra: Record<string, unknown>) => h.post('assets/withdraw', body(extra), u.token)
    expect((await h.post('assets/withdraw', body())).code).toBe(1003)
    expect((await w({ chain: 'BTC' })).code).toBe(1501)
    expect((await w({ coin: 'XYZ' })).code).toBe(1501)
    expect((await w({ address: ADDR.EVM })).code).toBe(1502)
    expect((await w({ address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' })).code).toBe(1502)
    expect((await w({ chain: 'ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' })).code).toBe(
      1502,
    )
    expect((await w({ amount: '9.99' })).code).toBe(1504)
    expect((await w({ amount: 'abc' })).code).toBe(1101)
    expect((await w({ tradePassword: '12345' })).code).toBe(1101)
    expect((await w({ tradePassword: '654321' })).code).toBe(1325)
    expect((await w({ amount: '100.5' })).code).toBe(1200)
    expect(await readBalances(h.db, u.userId)).toEqual([
      { account: 'funding', asset: 'USDT', available: '100', frozen: '0' },
    ])
    await expectSound(h.db)
  })

  it('freezes at request; approve pays net + fee, reject returns the funds; no double action', async () => {
    const u = await registerEmail(h.app, h.db)
    await fund(h, u.token, 'USDT', 'TRC20', '100')
    const info = await h.get<{ withdrawable: string; chains: { chain: string; fee: string }[] }>(
      'assets/withdraw/info',
      { coin: 'USDT' },
      u.token,
    )
    expect(info.data.withdrawable).toBe('100')
    expect(info.data.chains.find((c) => c.chain === 'TRC20')?.fee).toBe('1')
    const a = await h.post<{ id: string; fee: string; net: string }>('assets/withdraw', body(), u.token)
    expect(a.code, a.msg).toBe(200)
    expect(a.data).toMatchObject({ fee: '1', net: '29' })
    const b = await h.post<{ id: string }>('assets/withdraw', body({ amount: '20' }), u.token)
    expect(await readBalances(h.db, u.userId)).toEqual([
      { account: 'funding', asset: 'USDT', available: '50', frozen: '50' },
    ])
    const list = await listWithdrawals(h.db, { status: 'pending', page: 1, size: 50 })
    expect(list.list.find((x) => x.id === a.data.id)).toMatchObject({
      userId: u.userId,
      coin: 'USDT',
      chain: 'TRC20',
      amount: '30',
      fee: '1',
      status: 'pending',
    })

    await expect(
      approveWithdrawal(h.db, { withdrawalId: a.data.id, actorId: op.userId, txHash: 'no spaces allowed' }),
    ).rejects.toMatchObject({ code: 1101 })
    await approveWithdrawal(h.db, { withdrawalId: a.data.id, actorId: op.userId, txHash: 'abc123def456' })
    await expect(
      approveWithdrawal(h.db, { withdrawalId: a.data.id, actorId: op.userId, txHash: 'abc123def456' }),
    ).rejects.toMatchObject({ code: 1505 })
    await expect(
      rejectWithdrawal(h.db, { withdrawalId: a.data.id, actorId: op.userId, reason: 'late' }),
    ).rejects.toMatchObject({ code: 1505 })
    await expect(
      rejectWithdrawal(h.db, { withdrawalId: b.data.id, actorId: op.userId, reason: ' ' }),
    ).rejects.toMatchObject({
      code: 1101,
    })
    await rejectWithdrawal(h.db, { withdrawalId: b.data.id, actorId: op.userId, reason: 'Address flagged' })
    await expect(
      approveWithdrawal(h.db, { withdrawalId: b.data.id, actorId: op.userId, txHash: 'abc123def456' }),
    ).rejects.toMatchObject({ code: 1505 })

    expect(await readBalances(h.db, u.userId)).toEqual([
      { account: 'funding', asset: 'USDT', available: '70', frozen: '0' },
    ])
    expect(await readBalances(h.db, 'system', { account: 'withdraw_clearing' })).toEqual([
      { account: 'withdraw_clearing', asset: 'USDT', available: '29', frozen: '0' },
    ])
    const recs = await h.get<{
      list: { id: string; status: string; txHash: string | null; rejectReason: string | null }[]
    }>('assets/withdrawals', {}, u.token)
    expect(recs.data.list.find((r) => r.id === a.data.id)).toMatchObject({
      status: 'success',
      txHash: 'abc123def456',
    })
    expect(recs.data.list.find((r) => r.id === b.data.id)).toMatchObject({
      status: 'failed',
      rejectReason: 'Address flagged',
    })
    const other = await registerEmail(h.app, h.db)
    expect((await h.get<{ list: unknown[] }>('assets/withdrawals', {}, other.token)).data.list).toHaveLength(
      0,
    )
    const reasons = await h.get<{ list: { reason: string }[] }>(
      'assets/ledger',
      { account: 'funding' },
      u.token,
    )
    expect(new Set(reasons.data.list.map((r) => r.reason))).toEqual(
      new Set(['recharge', 'withdraw_freeze', 'withdraw_success', 'withdraw_failure']),
    )
    await expectSound(h.db)
  })

  it('200 parallel withdrawals on one balance never overdraw', async () => {
    const u = await registerEmail(h.app, h.db)
    await fund(h, u.token, 'USDT', 'TRC20', '1000')
    const results = await Promise.all(
      Array.from({ length: 200 }, () => h.post('assets/withdraw', body({ amount: '15' }), u.token)),
    )
    const okCount = results.filter((r) => r.code === 200).length
    expect(okCount).toBe(66)
    expect(results.every((r) => r.code === 200 || r.code === 1200)).toBe(true)
    expect(await readBalances(h.db, u.userId)).toEqual([
      { account: 'funding', asset: 'USDT', available: '10', frozen: '990' },
    ])
    await expectSound(h.db)
  }, 120_000)

  it('address book: add, edit, delete, own rows only; address-book-only mode', async () => {
    const u = await registerEmail(h.app, h.db)
    const other = await registerEmail(h.app, h.db)
    await fund(h, u.token, 'USDT', 'TRC20', '100')
    const save = (b: Record<string, unknown>, token = u.token) =>
      h.post<{ id: string }>('assets/address-book/save', { coin: 'USDT', chain: 'TRC20', ...b }, token)
    expect((await save({ address: ADDR.EVM })).code).toBe(1502)
    expect((await save({ address: ADDR.TRON, remark: 'x'.repeat(31) })).code).toBe(1101)
    const a = await save({ address: ADDR.TRON, remark: 'cold' })
    expect(a.code).toBe(200)
    expect((await save({ address: ADDR.TRON })).code).toBe(1509)
    const e = await save({ address: ADDR.EVM, chain: 'ERC20', remark: 'eth' })
    expect((await save({ id: a.data.id, address: ADDR.TRON, remark: 'cold 2' })).code).toBe(200)
    // Another user can neither edit nor delete it.
    expect((await save({ id: a.data.id, address: ADDR.TRON2 }, other.token)).code).toBe(1004)
    expect((await h.post('assets/address-book/delete', { id: a.data.id }, other.token)).code).toBe(1004)
    expect((await h.get<{ list: unknown[] }>('assets/address-book', {}, other.token)).data.list).toHaveLength(
      0,
    )
    const book = await h.get<{ only: boolean; list: { id: string; remark: string }[] }>(
      'assets/address-book',
      {},
      u.token,
    )
    expect(book.data.only).toBe(false)
    expect(book.data.list.find((x) => x.id === a.data.id)?.remark).toBe('cold 2')
    expect((await h.post('assets/address-book/delete', { id: e.data.id }, u.token)).code).toBe(200)
    expect((await h.post('assets/address-book/delete', { id: e.data.id }, u.token)).code).toBe(1004)

    expect((await h.post('assets/address-book/mode', { only: true }, u.token)).code).toBe(200)
    expect((await h.post('assets/withdraw', body({ address: ADDR.TRON2 }), u.token)).code).toBe(1503)
    expect((await h.post('assets/withdraw', body({ address: ADDR.TRON }), u.token)).code).toBe(200)
    // Turning it off needs the trade password.
    expect((await h.post('assets/address-book/mode', { only: false }, u.token)).code).toBe(1101)
    expect(
      (await h.post('assets/address-book/mode', { only: false, tradePassword: '000000' }, u.token)).code,
    ).toBe(1325)
    expect(
      (await h.post('assets/address-book/mode', { only: false, tradePassword: TRADE }, u.token)).code,
    ).toBe(200)
    expect((await h.post('assets/withdraw', body({ address: ADDR.TRON2 }), u.token)).code).toBe(200)
    await expectSound(h.db)
  })

  it('asks for the Google code when the user has it on; a frozen user may look but not withdraw', async () => {
    const u = await registerEmail(h.app, h.db)
    await fund(h, u.token, 'USDT', 'TRC20', '100')
    const secret = newTotpSecret()
    await h.db
      .updateTable('users')
      .set({ totp_secret: secret, google_verify: true })
      .where('id', '=', u.userId)
      .execute()
    const info = await h.get<{ needs: { google: boolean } }>(
      'assets/withdraw/info',
      { coin: 'USDT' },
      u.token,
    )
    expect(info.data.needs.google).toBe(true)
    expect((await h.post('assets/withdraw', body(), u.token)).code).toBe(1508)
    const wrong = totpAt(secret, Date.now() - 10 * 60_000)
    expect((await h.post('assets/withdraw', body({ googleCode: wrong }), u.token)).code).toBe(1314)
    expect(
      (await h.post('assets/withdraw', body({ googleCode: totpAt(secret, Date.now()) }), u.token)).code,
    ).toBe(200)

    await h.db.updateTable('users').set({ status: 'frozen' }).where('id', '=', u.userId).execute()
    expect((await h.get('assets/withdraw/info', { coin: 'USDT' }, u.token)).code).toBe(200)
    expect((await h.post('assets/withdraw', body(), u.token)).code).toBe(1007)
    expect(await readBalances(h.db, u.userId)).toEqual([
      { account: 'funding', asset: 'USDT', available: '70', frozen: '30' },
    ])
    await expectSound(h.db)
  })
})
