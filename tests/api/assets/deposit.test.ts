import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBalances } from '../../../server/ledger/ledger'
import { creditDeposit, listDeposits, rejectDeposit } from '../../../server/modules/assets/review'
import { createStaff } from '../../../server/platform/staff/staff'
import { uniqueEmail } from '../accounts/helpers'
import { login, STAFF_PASSWORD } from '../admin/helpers'
import { backends } from '../harness'
import {
  ADDR,
  type AssetsHarness,
  expectSound,
  openChannel,
  registerEmail,
  staff,
  startAssets,
  uploadProof,
} from './helpers'

describe.each(backends)('deposits and deposit channels on %s', (backend) => {
  let h: AssetsHarness
  let op: { token: string; userId: string }
  beforeAll(async () => {
    h = await startAssets(backend)
    op = await staff(h)
  })
  afterAll(async () => {
    await h.close()
  })

  it('channels are staff-only, validated per chain, and closed until an operator opens them', async () => {
    const u = await registerEmail(h.app, h.db)
    expect((await h.get('admin/deposit-channels', {}, u.token)).code).toBe(1006)
    expect((await h.get('admin/deposit-channels')).code).toBe(1003)
    const save = { coin: 'USDT', chain: 'TRC20', address: ADDR.TRON, confirmations: 20, enabled: true }
    expect((await h.post('admin/deposit-channels/save', save, u.token)).code).toBe(1006)
    expect((await h.post('admin/deposit-channels/save', save)).code).toBe(1003)
    // Staff must pass the console's gate too: one-time password changed, then Google authenticator on.
    const fresh = await createStaff(h.db, { email: uniqueEmail('fresh-op'), role: 'operator' })
    let token = await login(h.app, fresh.email, fresh.password)
    expect((await h.get('admin/deposit-channels', {}, token)).code).toBe(1700)
    expect((await h.post('admin/deposit-channels/save', save, token)).code).toBe(1700)
    const changed = await h.post(
      'safe/updatePassword',
      { oldPassword: fresh.password, password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD },
      token,
    )
    expect(changed.code, changed.msg).toBe(200)
    token = await login(h.app, fresh.email, STAFF_PASSWORD)
    expect((await h.get('admin/deposit-channels', {}, token)).code).toBe(1701)
    expect((await h.post('admin/deposit-channels/save', save, token)).code).toBe(1701)
    expect(
      await h.db.selectFrom('deposit_channel').select('asset').where('asset', '=', 'USDT').execute(),
    ).toEqual([])
    // address of another chain family, unknown chain, bad body
    expect((await h.post('admin/deposit-channels/save', { ...save, address: ADDR.EVM }, op.token)).code).toBe(
      1502,
    )
    expect((await h.post('admin/deposit-channels/save', { ...save, chain: 'SOL' }, op.token)).code).toBe(1501)
    expect((await h.post('admin/deposit-channels/save', { ...save, confirmations: -1 }, op.token)).code).toBe(
      1101,
    )

    // Nothing set yet: the user is told deposits are not open, no address is invented.
    const closed = await h.get('assets/deposit/address', { coin: 'USDT', chain: 'TRC20' }, u.token)
    expect(closed.code).toBe(1500)
    const chains = await h.get<{ coin: string; chains: { chain: string; depositOpen: boolean }[] }[]>(
      'assets/chains',
      {},
      u.token,
    )
    expect(chains.data.find((c) => c.coin === 'USDT')?.chains.every((c) => !c.depositOpen)).toBe(true)

    await openChannel(h, op.token, 'USDT', 'TRC20', ADDR.TRON, '5')
    const audit = await h.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', 'USDT/TRC20')
      .orderBy('id')
      .execute()
    expect(audit.map((r) => [r.action, r.actor_id])).toEqual([['deposit_channel.save', op.userId]])
    expect(audit[0]?.after).toMatchObject({ address: ADDR.TRON, enabled: true })
    const list = await h.get<{ coin: string; chain: string; address: string | null; enabled: boolean }[]>(
      'admin/deposit-channels',
      {},
      op.token,
    )
    expect(list.data.find((c) => c.coin === 'USDT' && c.chain === 'TRC20')).toMatchObject({
      address: ADDR.TRON,
      enabled: true,
    })
    expect(list.data.find((c) => c.coin === 'USDT' && c.chain === 'ERC20')?.address).toBeNull()
    const open = await h.get<{ address: string; qr: string; confirmations: number; minAmount: string }>(
      'assets/deposit/address',
      { coin: 'usdt', chain: 'trc20' },
      u.token,
    )
    expect(open.code).toBe(200)
    expect(open.data).toMatchObject({ address: ADDR.TRON, confirmations: 12, minAmount: '5' })
    expect(open.data.qr.startsWith('data:image/png;base64,')).toBe(true)
    expect((await h.get('assets/deposit/address', { coin: 'USDT', chain: 'ERC20' }, u.token)).code).toBe(1500)
    expect((await h.get('assets/deposit/address', { coin: 'USDT', chain: 'BTC' }, u.token)).code).toBe(1501)

    // Disabling closes it again.
    await h.post('admin/deposit-channels/save', { ...save, enabled: false }, op.token)
    expect((await h.get('assets/deposit/address', { coin: 'USDT', chain: 'TRC20' }, u.token)).code).toBe(1500)
    await openChannel(h, op.token, 'USDT', 'TRC20', ADDR.TRON, '5')
  })

  it('a deposit needs an open channel, the minimum and the user’s own proof', async () => {
    const u = await registerEmail(h.app, h.db)
    const other = await registerEmail(h.app, h.db)
    const voucher = await uploadProof(h.app, u.token)
    const theirs = await uploadProof(h.app, other.token)
    const body = { coin: 'USDT', chain: 'TRC20', amount: '100', voucher }
    expect((await h.post('assets/deposit', body)).code).toBe(1003)
    expect((await h.post('assets/deposit', { ...body, amount: '4.99' }, u.token)).code).toBe(1101)
    expect((await h.post('assets/deposit', { ...body, amount: '-1' }, u.token)).code).toBe(1101)
    expect((await h.post('assets/deposit', { ...body, amount: '1.1234567' }, u.token)).code).toBe(1101)
    expect((await h.post('assets/deposit', { ...body, chain: 'ERC20' }, u.token)).code).toBe(1500)
    expect((await h.post('assets/deposit', { ...body, voucher: theirs }, u.token)).code).toBe(1323)
    expect((await h.post('assets/deposit', { ...body, voucher: 'nope' }, u.token)).code).toBe(1323)
    const ok = await h.post<{ id: string; status: string }>('assets/deposit', body, u.token)
    expect(ok.code).toBe(200)
    expect(ok.data.status).toBe('pending')

    const mine = await h.get<{ list: { id: string; status: string; address: string }[] }>(
      'assets/deposits',
      {},
      u.token,
    )
    expect(mine.data.list).toHaveLength(1)
    expect(mine.data.list[0]).toMatchObject({ id: ok.data.id, status: 'pending', address: ADDR.TRON })
    expect((await h.get<{ list: unknown[] }>('assets/deposits', {}, other.token)).data.list).toHaveLength(0)
  })

  it('credit, reject and double actions; the ledger stays sound', async () => {
    const u = await registerEmail(h.app, h.db)
    const voucher = await uploadProof(h.app, u.token)
    const a = await h.post<{ id: string }>(
      'assets/deposit',
      { coin: 'USDT', chain: 'TRC20', amount: '100', voucher },
      u.token,
    )
    const b = await h.post<{ id: string }>(
      'assets/deposit',
      { coin: 'USDT', chain: 'TRC20', amount: '50', voucher },
      u.token,
    )

    const pending = await listDeposits(h.db, { status: 'pending', page: 1, size: 100 })
    expect(pending.list.find((d) => d.id === a.data.id)).toMatchObject({
      userId: u.userId,
      coin: 'USDT',
      chain: 'TRC20',
      amount: '100',
      status: 'pending',
      voucherUploadId: voucher,
    })

    // The operator may credit what actually arrived.
    await creditDeposit(h.db, { depositId: a.data.id, actorId: op.userId, amount: '99.5' })
    await expect(creditDeposit(h.db, { depositId: a.data.id, actorId: op.userId })).rejects.toMatchObject({
      code: 1505,
    })
    await expect(
      rejectDeposit(h.db, { depositId: a.data.id, actorId: op.userId, reason: 'x' }),
    ).rejects.toMatchObject({ code: 1505 })
    await rejectDeposit(h.db, { depositId: b.data.id, actorId: op.userId, reason: 'No such transaction' })
    await expect(creditDeposit(h.db, { depositId: b.data.id, actorId: op.userId })).rejects.toMatchObject({
      code: 1505,
    })
    await expect(creditDeposit(h.db, { depositId: 'missing', actorId: op.userId })).rejects.toMatchObject({
      code: 1004,
    })
    await expect(
      creditDeposit(h.db, { depositId: b.data.id, actorId: op.userId, amount: '-3' }),
    ).rejects.toMatchObject({ code: 1101 })

    expect(await readBalances(h.db, u.userId)).toEqual([
      { account: 'funding', asset: 'USDT', available: '99.5', frozen: '0' },
    ])
    const list = await h.get<{
      list: { id: string; status: string; creditedAmount: string | null; rejectReason: string | null }[]
    }>('assets/deposits', {}, u.token)
    expect(list.data.list.find((d) => d.id === a.data.id)).toMatchObject({
      status: 'credited',
      creditedAmount: '99.5',
    })
    expect(list.data.list.find((d) => d.id === b.data.id)).toMatchObject({
      status: 'rejected',
      rejectReason: 'No such transaction',
    })
    const rec = await h.get<{ list: { reason: string; amount: string; account: string }[] }>(
      'assets/ledger',
      { reason: 'recharge' },
      u.token,
    )
    expect(rec.data.list).toEqual([
      expect.objectContaining({ reason: 'recharge', amount: '99.5', account: 'funding' }),
    ])
    await expectSound(h.db)
  })

  it('two operators crediting at once credit once', async () => {
    const u = await registerEmail(h.app, h.db)
    const voucher = await uploadProof(h.app, u.token)
    const d = await h.post<{ id: string }>(
      'assets/deposit',
      { coin: 'USDT', chain: 'TRC20', amount: '10', voucher },
      u.token,
    )
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => creditDeposit(h.db, { depositId: d.data.id, actorId: op.userId })),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(await readBalances(h.db, u.userId)).toEqual([
      { account: 'funding', asset: 'USDT', available: '10', frozen: '0' },
    ])
    await expectSound(h.db)
  })
})
