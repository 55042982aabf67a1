import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { readBalances } from '../../../server/ledger/ledger'
import {
  ADDR,
  type AssetsHarness,
  fund,
  openChannel,
  registerEmail,
  startAssets,
  uploadProof,
} from '../assets/helpers'
import { backends } from '../harness'
import { readyStaff, type Staff } from './helpers'

describe.each(backends)('deposit and withdrawal review in the console on %s', (backend) => {
  let h: AssetsHarness
  let op: Staff
  beforeAll(async () => {
    h = await startAssets(backend)
    op = await readyStaff(h.app, h.db, 'operator')
    await openChannel(h, op.token, 'USDT', 'TRC20', ADDR.TRON)
  })
  afterAll(async () => {
    await h.close()
  })

  async function audit(targetId: string) {
    return h.db.selectFrom('audit_log').selectAll().where('target_id', '=', targetId).orderBy('id').execute()
  }

  it('credits a deposit with its voucher; the user sees the balance; a second decision is refused', async () => {
    const u = await registerEmail(h.app, h.db)
    const voucher = await uploadProof(h.app, u.token)
    const d = await h.post<{ id: string }>(
      'assets/deposit',
      { coin: 'USDT', chain: 'TRC20', amount: '250', voucher },
      u.token,
    )
    expect(d.code, d.msg).toBe(200)

    const list = await h.get<{
      counts: Record<string, number>
      list: { id: string; voucher: string; user: { account: string } }[]
    }>('admin/deposits/list', { status: 'pending' }, op.token)
    expect(list.code).toBe(200)
    expect(list.data.counts.pending).toBeGreaterThanOrEqual(1)
    const item = list.data.list.find((x) => x.id === d.data.id)
    expect(item).toMatchObject({ voucher: `upload/${voucher}`, user: { account: u.email } })
    // The voucher opens for the operator.
    const img = await h.app.inject({
      url: `/api/upload/${voucher}`,
      headers: { authorization: `Bearer ${op.token}` },
    })
    expect(img.statusCode).toBe(200)
    expect((await h.get('admin/deposits/list', { status: 'nope' }, op.token)).code).toBe(1101)

    expect(
      (await h.post('admin/deposits/credit', { depositId: d.data.id, amount: '-1' }, op.token)).code,
    ).toBe(1101)
    expect(
      (await h.post('admin/deposits/credit', { depositId: d.data.id, amount: '240' }, op.token)).code,
    ).toBe(200)
    expect((await h.post('admin/deposits/credit', { depositId: d.data.id }, op.token)).code).toBe(1505)
    expect(
      (await h.post('admin/deposits/reject', { depositId: d.data.id, reason: 'late' }, op.token)).code,
    ).toBe(1505)
    expect(await readBalances(h.db, u.userId)).toEqual([
      { account: 'funding', asset: 'USDT', available: '240', frozen: '0' },
    ])
    const mine = await h.get<{ list: { status: string }[] }>('assets/deposits', {}, u.token)
    expect(mine.data.list[0]?.status).toBe('credited')
    const rows = await audit(d.data.id)
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([['deposit.credit', op.userId]])
    expect(rows[0]?.after).toMatchObject({ status: 'credited' })
    expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
  })

  it('rejects a deposit with a reason the user sees; nothing is credited', async () => {
    const u = await registerEmail(h.app, h.db)
    const voucher = await uploadProof(h.app, u.token)
    const d = await h.post<{ id: string }>(
      'assets/deposit',
      { coin: 'USDT', chain: 'TRC20', amount: '50', voucher },
      u.token,
    )
    expect((await h.post('admin/deposits/reject', { depositId: d.data.id }, op.token)).code).toBe(1101)
    expect(
      (
        await h.post(
          'admin/deposits/reject',
          { depositId: d.data.id, reason: 'Voucher unreadable' },
          op.token,
        )
      ).code,
    ).toBe(200)
    const mine = await h.get<{ list: { status: string; rejectReason: string }[] }>(
      'assets/deposits',
      {},
      u.token,
    )
    expect(mine.data.list[0]).toMatchObject({ status: 'rejected', rejectReason: 'Voucher unreadable' })
    expect(await readBalances(h.db, u.userId)).toEqual([])
    expect((await audit(d.data.id)).map((r) => [r.action, r.reason])).toEqual([
      ['deposit.reject', 'Voucher unreadable'],
    ])
  })

  async function withdrawal(token: string, amount: string) {
    const w = await h.post<{ id: string }>(
      'assets/withdraw',
      { coin: 'USDT', chain: 'TRC20', address: ADDR.TRON2, amount, tradePassword: '123456' },
      token,
    )
    expect(w.code, w.msg).toBe(200)
    return w.data.id
  }

  it('rejecting a withdrawal returns the frozen funds; approving pays them out', async () => {
    const u = await registerEmail(h.app, h.db)
    await fund(h, u.token, 'USDT', 'TRC20', '100')
    const a = await withdrawal(u.token, '30')
    const b = await withdrawal(u.token, '20')
    expect(await readBalances(h.db, u.userId)).toEqual([
      { account: 'funding', asset: 'USDT', available: '50', frozen: '50' },
    ])

    const list = await h.get<{ counts: Record<string, number>; list: { id: string; net: string }[] }>(
      'admin/withdrawals/list',
      { status: 'pending' },
      op.token,
    )
    expect(list.data.list.map((x) => x.id)).toEqual(expect.arrayContaining([a, b]))

    expect(
      (await h.post('admin/withdrawals/reject', { withdrawalId: a, reason: 'Address flagged' }, op.token))
        .code,
    ).toBe(200)
    expect(await readBalances(h.db, u.userId)).toEqual([
      { account: 'funding', asset: 'USDT', available: '80', frozen: '20' },
    ])
    const mine = await h.get<{ list: { id: string; status: string; rejectReason: string | null }[] }>(
      'assets/withdrawals',
      {},
      u.token,
    )
    expect(mine.data.list.find((x) => x.id === a)).toMatchObject({
      status: 'failed',
      rejectReason: 'Address flagged',
    })

    expect((await h.post('admin/withdrawals/approve', { withdrawalId: b, txHash: 'x' }, op.token)).code).toBe(
      1101,
    )
    expect(
      (
        await h.post(
          'admin/withdrawals/approve',
          { withdrawalId: b, txHash: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' },
          op.token,
        )
      ).code,
    ).toBe(200)
    expect(
      (await h.post('admin/withdrawals/reject', { withdrawalId: b, reason: 'too late' }, op.token)).code,
    ).toBe(1505)
    expect(await readBalances(h.db, u.userId)).toEqual([
      { account: 'funding', asset: 'USDT', available: '80', frozen: '0' },
    ])
    expect((await audit(a)).map((r) => r.action)).toEqual(['withdrawal.reject'])
    expect((await audit(b)).map((r) => r.action)).toEqual(['withdrawal.approve'])
    expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
  })

  it('refuses every queue action to a user and to a visitor', async () => {
    const u = await registerEmail(h.app, h.db)
    for (const url of [
      'admin/deposits/credit',
      'admin/deposits/reject',
      'admin/withdrawals/approve',
      'admin/withdrawals/reject',
    ]) {
      expect((await h.post(url, {}, u.token)).code, url).toBe(1006)
      expect((await h.post(url, {})).code, url).toBe(1003)
    }
  })
})
