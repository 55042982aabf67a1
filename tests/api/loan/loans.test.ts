import type { LoanOrder } from '@common/loan/schema'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loanService } from '../../../server/modules/loan/service'
import { api, registerEmail, TRADE } from '../accounts/helpers'
import { readyStaff, type StaffSuite } from '../admin/helpers'
import { backends, startHarness } from '../harness'
import { fund } from '../spot/helpers'
import {
  applyAndApprove,
  balance,
  bookBalance,
  borrower,
  expectSound,
  product,
  uploadImage,
  verifyAdvanced,
} from './helpers'

const DAY = 86_400_000
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'

describe.each(backends)('loans on %s', (backend) => {
  let s: StaffSuite
  beforeAll(async () => {
    // Many registrations in a minute: the sign-up rate limit is lifted for this suite.
    const h = await startHarness(backend, { authRateLimitPerMinute: 100_000 })
    s = { h, call: api(h.app), op: await readyStaff(h.app, h.db, 'operator') }
  })
  afterAll(async () => {
    await s.h.close()
  })
  afterEach(async () => {
    await s.call.post('dev/loan/clock', { offsetMs: 0 })
  })

  it('ships example products for USDT, BTC and ETH and a loan book funded from the treasury', async () => {
    const { call, h } = s
    const list =
      await call.get<{ coin: string; termDays: number; dailyRate: string; institution: string }[]>(
        'loan/products',
      )
    expect(list.code).toBe(200)
    expect(new Set(list.data.map((p) => p.coin))).toEqual(new Set(['USDT', 'BTC', 'ETH']))
    expect(new Set(list.data.map((p) => p.termDays))).toEqual(new Set([7, 14, 30, 60]))
    const p7 = await product(call, 'USDT', 7)
    expect(p7).toMatchObject({ monthlyRate: '0.01', dailyRate: '0.00142857', repayType: 'single' })
    expect(await bookBalance(h.db, 'USDT')).toBe('5000000')
    expect(await bookBalance(h.db, 'BTC')).toBe('100')
    const q = await call.get<{ interest: string; total: string }>('loan/quote', {
      productId: p7.id,
      amount: '1000',
    })
    expect(q.data).toMatchObject({ interest: '10', total: '1010' })
    await expectSound(h.db)
  })

  it('validates applications: range, product, credit program needs advanced verification and proofs', async () => {
    const { call, h } = s
    const u = await registerEmail(h.app, h.db)
    const p = await product(call, 'USDT', 30)
    const credit = await product(call, 'USDT', 30, true)
    expect((await call.post('loan/apply', { productId: p.id, amount: '1000', purpose: 'x' })).code).toBe(1003)
    expect(
      (await call.post('loan/apply', { productId: p.id, amount: '50', purpose: 'x' }, u.token)).code,
    ).toBe(2201)
    expect(
      (await call.post('loan/apply', { productId: p.id, amount: '50001', purpose: 'x' }, u.token)).code,
    ).toBe(2201)
    expect(
      (await call.post('loan/apply', { productId: '99999', amount: '500', purpose: 'x' }, u.token)).code,
    ).toBe(2200)
    expect(
      (await call.post('loan/apply', { productId: p.id, amount: '-5', purpose: 'x' }, u.token)).code,
    ).toBe(1101)
    expect(
      (await call.post('loan/apply', { productId: p.id, amount: '500', purpose: '' }, u.token)).code,
    ).toBe(1101)
    expect(
      (await call.post('loan/apply', { productId: p.id, amount: '500.0000001', purpose: 'x' }, u.token)).code,
    ).not.toBe(200)
    const noId = await call.post(
      'loan/apply',
      { productId: credit.id, amount: '5000', purpose: 'x' },
      u.token,
    )
    expect(noId.code).toBe(2215)
    expect(noId.type).toBe(998)
    await verifyAdvanced(h.db, u.userId)
    expect(
      (await call.post('loan/apply', { productId: credit.id, amount: '5000', purpose: 'x' }, u.token)).code,
    ).toBe(2202)
    const other = await registerEmail(h.app, h.db)
    const foreign = await uploadImage(h, other.token)
    expect(
      (
        await call.post(
          'loan/apply',
          { productId: credit.id, amount: '5000', purpose: 'x', proofs: [foreign] },
          u.token,
        )
      ).code,
    ).toBe(1323)
    const proof = await uploadImage(h, u.token)
    const ok = await call.post<LoanOrder>(
      'loan/apply',
      { productId: credit.id, amount: '5000', purpose: 'shop stock', proofs: [proof] },
      u.token,
    )
    expect(ok.code, ok.msg).toBe(200)
    expect(ok.data).toMatchObject({ status: 'reviewing', credit: true, expectedAmount: '5000', amount: null })
    expect(
      (
        await call.post(
          'loan/apply',
          { productId: credit.id, amount: '6000', purpose: 'x', proofs: [proof] },
          u.token,
        )
      ).code,
    ).toBe(2210)
    // The console sees the documents, the identity and the history; users cannot reach the console.
    expect((await call.get('admin/loan/orders', { status: 'reviewing' }, u.token)).code).toBe(1006)
    const d = await call.get<{ proofs: { url: string }[]; identity: { advanced: string } }>(
      `admin/loan/order/${ok.data.id}`,
      {},
      s.op.token,
    )
    expect(d.data.proofs).toEqual([{ id: proof, url: `upload/${proof}` }])
    expect(d.data.identity.advanced).toBe('verified')
    // Reject with a reason (audited); a decided application cannot be decided again.
    const rej = await call.post<LoanOrder>(
      'admin/loan/review',
      { decision: 'reject', id: ok.data.id, reason: 'income proof unreadable' },
      s.op.token,
    )
    expect(rej.data).toMatchObject({ status: 'rejected', rejectReason: 'income proof unreadable' })
    expect(
      (
        await call.post(
          'admin/loan/review',
          { decision: 'approve', id: ok.data.id, amount: '100' },
          s.op.token,
        )
      ).code,
    ).toBe(2208)
    const { rows } = await sql<{
      n: number
    }>`select count(*)::int as n from audit_log where action = 'loan.reject' and target_id = ${ok.data.id}`.execute(
      h.db,
    )
    expect(rows[0]?.n).toBe(1)
    await expectSound(h.db)
  })

  it('apply -> approve (lower) -> payout -> withdraw refused over the lock -> repay -> withdraw allowed', async () => {
    const { call, h, op } = s
    const u = await borrower(h)
    await fund(h.db, u.userId, 'USDT', '100', 'funding')
    const p = await product(call, 'USDT', 30)
    const a = await call.post<LoanOrder>(
      'loan/apply',
      { productId: p.id, amount: '1000', purpose: 'trading' },
      u.token,
    )
    expect(
      (await call.post('admin/loan/review', { decision: 'approve', id: a.data.id, amount: '1001' }, op.token))
        .code,
    ).toBe(2209)
    const book0 = await bookBalance(h.db, 'USDT')
    const r = await call.post<LoanOrder>(
      'admin/loan/review',
      { decision: 'approve', id: a.data.id, amount: '800' },
      op.token,
    )
    expect(r.code, r.msg).toBe(200)
    expect(r.data).toMatchObject({
      status: 'repaying',
      amount: '800',
      interest: '8',
      totalOriginal: '808',
      left: '808',
    })
    expect(r.data.dueDay).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(await balance(h.db, u.userId, 'USDT')).toBe('900')
    expect(await bookBalance(h.db, 'USDT')).toBe(String(Number(book0) - 800))
    await expectSound(h.db)

    // The lock: 900 available, 808 owed -> 92 may leave.
    const info = await call.get<{ withdrawable: string }>('assets/withdraw/info', { coin: 'USDT' }, u.token)
    expect(info.data.withdrawable).toBe('92')
    const w = (amount: string) =>
      call.post(
        'assets/withdraw',
        { coin: 'USDT', chain: 'TRC20', address: TRON, amount, tradePassword: TRADE },
        u.token,
      )
    expect((await w('200')).code).toBe(2206)
    expect(
      (
        await call.post(
          'assets/transfer',
          { coin: 'USDT', from: 'funding', to: 'spot', amount: '100' },
          u.token,
        )
      ).code,
    ).toBe(2206)
    expect(
      (
        await call.post(
          'assets/transfer',
          { coin: 'USDT', from: 'funding', to: 'spot', amount: '50' },
          u.token,
        )
      ).code,
    ).toBe(200)
    expect(
      (
        await call.post(
          'assets/transfer',
          { coin: 'USDT', from: 'spot', to: 'funding', amount: '50' },
          u.token,
        )
      ).code,
    ).toBe(200)
    expect(await balance(h.db, u.userId, 'USDT')).toBe('900')
    await expectSound(h.db)

    // Another user sees nothing of it.
    const stranger = await registerEmail(h.app, h.db)
    expect((await call.get(`loan/order/${a.data.id}`, {}, stranger.token)).code).toBe(2203)
    expect((await call.post('loan/repay', { id: a.data.id, amount: '1' }, stranger.token)).code).toBe(2203)

    // Repay part, then too much, then the rest.
    const part = await call.post<LoanOrder>('loan/repay', { id: a.data.id, amount: '300' }, u.token)
    expect(part.data).toMatchObject({ status: 'repaying', repaid: '300', left: '508' })
    expect(
      (await call.get<{ withdrawable: string }>('assets/withdraw/info', { coin: 'USDT' }, u.token)).data
        .withdrawable,
    ).toBe('92')
    expect((await call.post('loan/repay', { id: a.data.id, amount: '509' }, u.token)).code).toBe(2205)
    const rest = await call.post<LoanOrder>('loan/repay', { id: a.data.id, amount: '508' }, u.token)
    expect(rest.data).toMatchObject({ status: 'repaid', repaid: '808', left: '0' })
    expect(rest.data.repayments.map((x) => x.amount)).toEqual(['508', '300'])
    expect(await balance(h.db, u.userId, 'USDT')).toBe('92')
    expect(await bookBalance(h.db, 'USDT')).toBe(String(Number(book0) + 8))
    expect((await call.post('loan/repay', { id: a.data.id, amount: '1' }, u.token)).code).toBe(2204)
    await expectSound(h.db)

    // Nothing owed: everything may leave.
    expect(
      (await call.get<{ withdrawable: string }>('assets/withdraw/info', { coin: 'USDT' }, u.token)).data
        .withdrawable,
    ).toBe('92')
    const ok = await w('50')
    expect(ok.code, ok.msg).toBe(200)
    const mine = await call.get<{ list: LoanOrder[] }>('loan/orders', {}, u.token)
    expect(mine.data.list.map((o) => o.status)).toEqual(['repaid'])
    const reasons = await sql<{ reason: string }>`
      select reason from ledger_entry where ref_type = 'loan' and ref_id = ${a.data.id} order by id`.execute(
      h.db,
    )
    expect(reasons.rows.map((x) => x.reason)).toEqual(['loan_payout', 'loan_repay', 'loan_repay'])
    await expectSound(h.db)
  })

  it('extends an overdue loan once by 7 days with the 0.025 penalty, then marks it unpaid (test clock)', async () => {
    const { call, h, op } = s
    const u = await borrower(h)
    await fund(h.db, u.userId, 'USDT', '100', 'funding')
    const p = await product(call, 'USDT', 7)
    const loan = await applyAndApprove(call, u.token, op.token, { productId: p.id, amount: '1000' })
    const dueAt = loan.dueAt as number
    expect(loan.extended).toBe(false)
    // Before the due date nothing happens.
    await call.post('dev/loan/clock', { at: dueAt - 1000 })
    expect((await call.post<{ extended: number }>('dev/loan/run')).data).toMatchObject({
      extended: 0,
      unpaid: 0,
    })
    await call.post('dev/loan/clock', { at: dueAt + 1000 })
    expect((await call.post<{ extended: number }>('dev/loan/run')).data).toMatchObject({
      extended: 1,
      unpaid: 0,
    })
    expect((await call.post<{ extended: number }>('dev/loan/run')).data).toMatchObject({
      extended: 0,
      unpaid: 0,
    })
    const ext = (await call.get<LoanOrder>(`loan/order/${loan.id}`, {}, u.token)).data
    expect(ext).toMatchObject({
      status: 'repaying',
      extended: true,
      penalty: '25',
      left: '1035',
      dueAt: dueAt + 7 * DAY,
    })
    await call.post('dev/loan/clock', { at: dueAt + 7 * DAY + 1000 })
    expect((await call.post<{ unpaid: number }>('dev/loan/run')).data).toMatchObject({
      extended: 0,
      unpaid: 1,
    })
    expect((await call.post<{ unpaid: number }>('dev/loan/run')).data).toMatchObject({
      extended: 0,
      unpaid: 0,
    })
    const unpaid = (await call.get<LoanOrder>(`loan/order/${loan.id}`, {}, u.token)).data
    expect(unpaid).toMatchObject({ status: 'unpaid', flagged: true, left: '1035' })
    const book = await call.get<{ overdue: LoanOrder[]; book: { coin: string; outstanding: string }[] }>(
      'admin/loan/book',
      {},
      op.token,
    )
    expect(book.data.overdue.map((o) => o.id)).toContain(loan.id)
    expect(Number(book.data.book.find((b) => b.coin === 'USDT')?.outstanding)).toBeGreaterThanOrEqual(1035)
    // Still locked while unpaid; repaying it all pays the penalty first.
    expect(
      (await call.get<{ withdrawable: string }>('assets/withdraw/info', { coin: 'USDT' }, u.token)).data
        .withdrawable,
    ).toBe('65')
    const done = await call.post<LoanOrder>('loan/repay', { id: loan.id, amount: '1035' }, u.token)
    expect(done.data).toMatchObject({ status: 'repaid', repaid: '1035', flagged: false })
    const reasons = await sql<{ reason: string; amount: string }>`
      select e.reason, p.amount::text as amount from ledger_entry e join ledger_posting p on p.entry_id = e.id
      where e.ref_type = 'loan' and e.ref_id = ${loan.id} and p.holder = 'system' order by e.id`.execute(h.db)
    expect(reasons.rows.map((r) => [r.reason, Number(r.amount)])).toEqual([
      ['loan_payout', -1000],
      ['loan_penalty', 25],
      ['loan_repay', 1010],
    ])
    await expectSound(h.db)
  })

  it('early repayment: at most 3000 USD pays the interest so far, above 3000 the total originally due', async () => {
    const { call, h, op } = s
    const p = await product(call, 'USDT', 60)
    const run = async (amount: string) => {
      const u = await borrower(h)
      await fund(h.db, u.userId, 'USDT', '500', 'funding')
      const loan = await applyAndApprove(call, u.token, op.token, { productId: p.id, amount })
      await call.post('dev/loan/clock', { at: (loan.paidAt as number) + 10 * DAY })
      const now = (await call.get<LoanOrder>(`loan/order/${loan.id}`, {}, u.token)).data
      const paid = await call.post<LoanOrder>('loan/repay', { id: loan.id, amount: now.left }, u.token)
      expect(paid.data.status).toBe('repaid')
      await call.post('dev/loan/clock', { offsetMs: 0 })
      return now
    }
    const small = await run('2000')
    expect(small).toMatchObject({ early: true, interest: '20', left: '2020', totalOriginal: '2040' })
    const edge = await run('3000')
    expect(edge).toMatchObject({ early: true, left: '3030' })
    const big = await run('5000')
    expect(big).toMatchObject({ early: false, interest: '100', left: '5100', totalOriginal: '5100' })
    await expectSound(h.db)
  })

  it('repayment by on-chain voucher: pending until an operator confirms (audited), or rejects', async () => {
    const { call, h, op } = s
    const p = await product(call, 'USDT', 14)
    const u = await borrower(h)
    const loan = await applyAndApprove(call, u.token, op.token, { productId: p.id, amount: '500' })
    const voucher = await uploadImage(h, u.token)
    expect(
      (await call.post('loan/repay/voucher', { id: loan.id, amount: '100', voucher }, u.token)).code,
    ).toBe(2211)
    const saved = await call.post(
      'admin/loan/product/save',
      {
        id: p.id,
        coin: 'USDT',
        termDays: 14,
        monthlyRate: '0.01',
        institution: p.institution,
        minAmount: p.minAmount,
        maxAmount: p.maxAmount,
        credit: false,
        enabled: true,
        repayChain: 'TRC20',
        repayAddress: TRON,
        reason: 'repayment address',
      },
      op.token,
    )
    expect(saved.code, saved.msg).toBe(200)
    const bad = await call.post(
      'admin/loan/product/save',
      {
        coin: 'USDT',
        termDays: 14,
        monthlyRate: '0.01',
        institution: 'X',
        minAmount: '10',
        maxAmount: '1',
        credit: false,
        enabled: true,
      },
      op.token,
    )
    expect(bad.code).toBe(2213)
    expect(
      (await call.post('loan/repay/voucher', { id: loan.id, amount: '506', voucher }, u.token)).code,
    ).toBe(2205)
    const sub = await call.post<LoanOrder>(
      'loan/repay/voucher',
      { id: loan.id, amount: '300', voucher, txHash: 'abc123' },
      u.token,
    )
    expect(sub.code, sub.msg).toBe(200)
    expect(sub.data).toMatchObject({ repayAddress: TRON, pendingVoucher: '300', repaid: '0' })
    // Pending vouchers count against what is left.
    expect(
      (await call.post('loan/repay/voucher', { id: loan.id, amount: '206', voucher }, u.token)).code,
    ).toBe(2205)
    const queue = await call.get<{ id: string; amount: string; voucherUrl: string }[]>(
      'admin/loan/repayments',
      {},
      op.token,
    )
    const item = queue.data.find((x) => x.voucherUrl === `upload/${voucher}`)
    expect(item?.amount).toBe('300')
    const book0 = await bookBalance(h.db, 'USDT')
    const conf = await call.post<LoanOrder>(
      'admin/loan/repayment/review',
      { decision: 'confirm', id: item?.id },
      op.token,
    )
    expect(conf.data).toMatchObject({ repaid: '300', left: '205', status: 'repaying' })
    expect(await bookBalance(h.db, 'USDT')).toBe(String(Number(book0) + 300))
    expect(
      (await call.post('admin/loan/repayment/review', { decision: 'confirm', id: item?.id }, op.token)).code,
    ).toBe(2212)
    const second = await call.post<LoanOrder>(
      'loan/repay/voucher',
      { id: loan.id, amount: '205', voucher },
      u.token,
    )
    const id2 = second.data.repayments.find((x) => x.status === 'pending')?.id
    const rej = await call.post<LoanOrder>(
      'admin/loan/repayment/review',
      { decision: 'reject', id: id2, reason: 'no such transaction' },
      op.token,
    )
    expect(rej.data.repayments.find((x) => x.id === id2)).toMatchObject({
      status: 'rejected',
      rejectReason: 'no such transaction',
    })
    expect(rej.data.left).toBe('205')
    const { rows } = await sql<{
      action: string
    }>`select action from audit_log where action like 'loan.voucher%' order by id`.execute(h.db)
    expect(rows.map((r) => r.action)).toEqual(['loan.voucher_confirm', 'loan.voucher_reject'])
    await expectSound(h.db)
  })

  it('reminds 3 days and 1 day before the due date, each once (claimed before sending)', async () => {
    const { call, h, op } = s
    const u = await borrower(h)
    const p = await product(call, 'USDT', 14)
    const loan = await applyAndApprove(call, u.token, op.token, { productId: p.id, amount: '200' })
    const dueAt = loan.dueAt as number
    const reminded = async (at: number) => {
      await call.post('dev/loan/clock', { at })
      expect((await call.post('dev/loan/run')).code).toBe(200)
      const row = await h.db
        .selectFrom('loan_order')
        .select('reminded')
        .where('id', '=', loan.id)
        .executeTakeFirstOrThrow()
      return row.reminded
    }
    expect(await reminded(dueAt - 4 * DAY)).toEqual([])
    expect(await reminded(dueAt - 2 * DAY)).toEqual([`${dueAt}:3`])
    expect(await reminded(dueAt - 2 * DAY + 60_000)).toEqual([`${dueAt}:3`])
    expect(await reminded(dueAt - 12 * 3_600_000)).toEqual([`${dueAt}:3`, `${dueAt}:1`])
    // Claimed once: another pass finds nothing left to send for this loan.
    const again = await loanService(h.db).claimReminders(dueAt - 11 * 3_600_000)
    expect(again.filter((x) => String(x.order.id) === loan.id)).toEqual([])
  })

  it('values a BTC loan at the index: 0.1 BTC at 60000 is above 3000 USD, so early repayment pays the full term', async () => {
    const { call, h, op } = s
    expect((await call.post('dev/market/index', { symbol: 'BTCUSDT', price: '60000' })).code).toBe(200)
    const u = await borrower(h)
    await fund(h.db, u.userId, 'BTC', '0.01', 'funding')
    const p = await product(call, 'BTC', 60, true)
    await verifyAdvanced(h.db, u.userId)
    const proof = await uploadImage(h, u.token)
    const loan = await applyAndApprove(call, u.token, op.token, {
      productId: p.id,
      amount: '0.1',
      proofs: [proof],
    })
    expect(loan).toMatchObject({ usdValue: '6000', interest: '0.002', early: false, left: '0.102' })
    expect(await bookBalance(h.db, 'BTC')).toBe('99.9')
    // The lock holds BTC too; flash exchange from the funding account is refused over it.
    expect(
      (await call.get<{ withdrawable: string }>('assets/withdraw/info', { coin: 'BTC' }, u.token)).data
        .withdrawable,
    ).toBe('0.008')
    const repaid = await call.post<LoanOrder>('loan/repay', { id: loan.id, amount: '0.102' }, u.token)
    expect(repaid.data.status).toBe('repaid')
    expect(await balance(h.db, u.userId, 'BTC')).toBe('0.008')
    await expectSound(h.db)
  })
})
