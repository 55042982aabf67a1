import { sql } from 'kysely'
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

  it('a decision whose audit row cannot be written is rolled back whole (balance, status, ledger)', async () => {
    // The database refuses audit rows for the targets listed in audit_fail_target.
    await sql`create table audit_fail_target (id text primary key)`.execute(h.db)
    await sql`
      create function audit_fail_for_test() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from audit_fail_target where id = new.target_id) then
          raise exception 'audit insert refused (test)';
        end if;
        return new;
      end
      $$`.execute(h.db)
    await sql`create trigger audit_fail_for_test before insert on audit_log
      for each row execute function audit_fail_for_test()`.execute(h.db)
    try {
      const u = await registerEmail(h.app, h.db)
      await fund(h, u.token, 'USDT', 'TRC20', '100')
      const voucher = await uploadProof(h.app, u.token)
      const d = await h.post<{ id: string }>(
        'assets/deposit',
        { coin: 'USDT', chain: 'TRC20', amount: '40', voucher },
        u.token,
      )
      expect(d.code, d.msg).toBe(200)
      const w1 = await withdrawal(u.token, '30')
      const w2 = await withdrawal(u.token, '20')
      const balances = [{ account: 'funding', asset: 'USDT', available: '50', frozen: '50' }]
      expect(await readBalances(h.db, u.userId)).toEqual(balances)
      const entries = async () => (await h.db.selectFrom('ledger_entry').select('id').execute()).length
      const entriesBefore = await entries()
      await h.db
        .insertInto('audit_fail_target' as never)
        .values([{ id: d.data.id }, { id: w1 }, { id: w2 }] as never)
        .execute()

      const actions = [
        ['admin/deposits/credit', { depositId: d.data.id }],
        ['admin/deposits/reject', { depositId: d.data.id, reason: 'Voucher unreadable' }],
        ['admin/withdrawals/approve', { withdrawalId: w1, txHash: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' }],
        ['admin/withdrawals/reject', { withdrawalId: w2, reason: 'Address flagged' }],
      ] as const
      for (const [url, body] of actions) {
        const r = await h.post(url, body, op.token)
        expect(r.code, url).toBe(1000)
      }
      // Nothing happened: balances, statuses, ledger entries and audit log are as before.
      expect(await readBalances(h.db, u.userId)).toEqual(balances)
      expect(await entries()).toBe(entriesBefore)
      const dep = await h.db
        .selectFrom('deposit')
        .select('status')
        .where('id', '=', d.data.id)
        .executeTakeFirst()
      expect(dep?.status).toBe('pending')
      const ws = await h.db.selectFrom('withdrawal').select('status').where('id', 'in', [w1, w2]).execute()
      expect(ws.map((w) => w.status)).toEqual(['pending', 'pending'])
      for (const id of [d.data.id, w1, w2]) expect(await audit(id)).toEqual([])
      expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)

      // Once the audit log accepts rows again, the same decisions go through, each with its row.
      await sql`delete from audit_fail_target`.execute(h.db)
      for (const [url, body] of [actions[0], actions[2], actions[3]]) {
        const r = await h.post(url, body, op.token)
        expect(r.code, `${url}: ${r.msg}`).toBe(200)
      }
      expect(await readBalances(h.db, u.userId)).toEqual([
        { account: 'funding', asset: 'USDT', available: '110', frozen: '0' },
      ])
      expect((await audit(d.data.id)).map((r) => r.action)).toEqual(['deposit.credit'])
      expect((await audit(w1)).map((r) => r.action)).toEqual(['withdrawal.approve'])
      expect((await audit(w2)).map((r) => r.action)).toEqual(['withdrawal.reject'])
      expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
    } finally {
      await sql`drop trigger audit_fail_for_test on audit_log`.execute(h.db)
      await sql`drop function audit_fail_for_test()`.execute(h.db)
      await sql`drop table audit_fail_target`.execute(h.db)
    }
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
