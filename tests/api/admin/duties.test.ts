import { RANKS } from '@common/invite/rules'
import { CLOSE_CATEGORIES } from '@common/support/schema'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../server/db/db'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { readBalances } from '../../../server/ledger/ledger'
import { type CaseType, CONSOLE_ACTIONS, PARTIES } from '../../../server/platform/staff/duties'
import { createStaff } from '../../../server/platform/staff/staff'
import { api, registerEmail } from '../accounts/helpers'
import { ADDR, type AssetsHarness, openChannel, startAssets, uploadProof } from '../assets/helpers'
import { backends } from '../harness'
import { apiRoutes, fillParams, ledgerFingerprint } from '../security/sweep'
import { login, readyStaff, STAFF_PASSWORD, type Staff } from './helpers'
import { type PartyStaff, partyStaff, promote } from './party'

/**
 * Issue 33 items 2 and 3: segregation of duties in the operator console.
 * - Generated from the guard's own tables: every console action that targets a case is tried by a
 *   staff member who is a party to such a case (one case of every type), with every decision
 *   variant its schema accepts; each answers 1705 and no row of any table changes.
 * - Four-eyes: above the limit a decision is a proposal; the proposer cannot approve it, nor can a
 *   party; a second staff member's approval moves the money once; both are in the audit log.
 * - Pictures: staff not set up get the console's 1700/1701; each look at an identity document is
 *   audited.
 */

type Env = { code: number; msg: string; data: unknown }

/** Every row of every table but sessions (their last-seen time moves with each request), as text. */
async function snapshot(db: Db): Promise<Map<string, string>> {
  const tables = (
    await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
        and table_name not in ('user_session', 'kysely_migration', 'kysely_migration_lock')`.execute(db)
  ).rows.map((r) => r.table_name)
  const out = new Map<string, string>()
  for (const t of tables.sort()) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(db)
    out.set(
      t,
      rows.rows
        .map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v)))
        .sort()
        .join('\n'),
    )
  }
  return out
}

function changedTables(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...a.keys()].filter((t) => a.get(t) !== b.get(t))
}

/** Plausible values for every field a console action reads, so a request reaches the guard. */
const FILLER: Record<string, unknown> = {
  reason: 'Party sweep',
  amount: '1',
  account: 'funding',
  asset: 'USDT',
  txHash: 'abcdef0123456789',
  decision: 'approve',
  outcome: 'buyer',
  toBuyer: '1',
  body: 'Hello',
  upTo: '1',
  category: CLOSE_CATEGORIES[0],
  rank: RANKS[1],
  merchant: true,
}
/** The fields whose values choose a different decision: every value is tried. */
const VARIANTS: Record<string, readonly unknown[]> = {
  decision: ['approve', 'reject', 'confirm'],
  outcome: ['buyer', 'seller', 'reject'],
  merchant: [true, false],
  rank: RANKS,
  amount: ['1', '-1', '20000'],
}
/** The id fields of the console's bodies, per case type. */
const ID_FIELDS: Record<CaseType, string[]> = {
  user: ['userId'],
  identity: ['userId'],
  user_uid: ['uid'],
  deposit: ['depositId'],
  withdrawal: ['withdrawalId'],
  loan: ['id'],
  loan_repayment: ['id'],
  c2c_order: ['id'],
  conversation: ['id'],
  ticket: ['id'],
}

async function funds(db: Db, holder: string, asset = 'USDT') {
  const [b] = await readBalances(db, holder, { account: 'funding', asset })
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' }
}

async function audit(db: Db, action: string, targetId: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute()
}

describe.each(backends)('segregation of duties on %s', (backend) => {
  let h: AssetsHarness
  let call: ReturnType<typeof api>
  let op: Staff
  let op2: Staff
  let sam: PartyStaff
  beforeAll(async () => {
    h = await startAssets(backend)
    call = api(h.app)
    op = await readyStaff(h.app, h.db, 'operator')
    op2 = await readyStaff(h.app, h.db, 'operator')
    await openChannel(h, op.token, 'USDT', 'TRC20', ADDR.TRON)
    sam = await partyStaff(h, op)
  }, 240_000)
  afterAll(() => h.close())

  it('the guard knows every console action, and every case type has one', () => {
    const posts = apiRoutes(h.app)
      .filter((r) => r.method === 'POST' && r.url.startsWith('/api/admin/'))
      .map((r) => `POST ${r.url}`)
    const missing = posts.filter((k) => !(k in CONSOLE_ACTIONS))
    expect(missing, 'console actions the guard does not classify').toEqual([])
    const types = new Set(
      Object.values(CONSOLE_ACTIONS)
        .filter((r) => r !== null)
        .map((r) => r?.case),
    )
    expect([...types].sort()).toEqual(Object.keys(PARTIES).sort())
  })

  it('generated: every console action on a case of the acting staff member is refused (1705), nothing changes', async () => {
    const before = await snapshot(h.db)
    const money = await ledgerFingerprint(h.db)
    const failures: string[] = []
    let sent = 0
    let actions = 0
    for (const [key, rule] of Object.entries(CONSOLE_ACTIONS)) {
      if (!rule) continue
      actions++
      const url = key.slice('POST '.length)
      const id = sam.cases[rule.case]
      const base: Record<string, unknown> = { ...FILLER }
      for (const f of ID_FIELDS[rule.case]) base[f] = rule.case === 'user_uid' ? Number(id) : id
      const bodies = [base]
      for (const [field, values] of Object.entries(VARIANTS))
        for (const value of values) bodies.push({ ...base, [field]: value })
      let reached = 0
      for (const payload of bodies) {
        const res = await h.app.inject({
          method: 'POST',
          url: fillParams(url, id),
          payload,
          headers: { authorization: `Bearer ${sam.token}` },
        })
        sent++
        const got = res.statusCode === 200 ? (res.json() as Env).code : `HTTP ${res.statusCode}`
        if (got === 1705) reached++
        else if (got !== 1101) failures.push(`${key} ${JSON.stringify(payload)}: ${got}, expected 1705`)
      }
      if (reached === 0) failures.push(`${key}: no body reached the guard`)
    }
    const after = await snapshot(h.db)
    const changed = changedTables(before, after)
    console.log(
      `[duties ${backend}] console actions on a case: ${actions} of ${Object.keys(CONSOLE_ACTIONS).length}; ` +
        `case types: ${Object.keys(PARTIES).length}; requests: ${sent}; tables compared: ${before.size}; ` +
        `failures: ${failures.length + changed.length}`,
    )
    expect(failures).toEqual([])
    expect(changed, 'tables changed by refused actions').toEqual([])
    expect(await ledgerFingerprint(h.db)).toBe(money)
  }, 120_000)

  it('an admin cannot adjust their own balance (1705), nor approve for another admin a proposal on it', async () => {
    const u = await registerEmail(h.app, h.db)
    const ada = await promote(h.app, h.db, u, 'admin')
    const before = await funds(h.db, ada.userId)
    const r = await call.post(
      'admin/users/adjust',
      { userId: ada.userId, account: 'funding', asset: 'USDT', amount: '5', reason: 'Self' },
      ada.token,
    )
    expect(r.code).toBe(1705)
    expect(await funds(h.db, ada.userId)).toEqual(before)
    expect(await audit(h.db, 'user.adjust_balance', ada.userId)).toEqual([])
  })

  it('four-eyes: a deposit credit above the limit is proposed, refused to its proposer and to a party, approved once by a second staff member', async () => {
    const limit = await call.get<{ limit: string; list: unknown[] }>('admin/approvals/list', {}, op.token)
    expect(limit.data.limit).toBe('10000')
    const deposit = sam.cases.deposit
    const before = await funds(h.db, sam.userId)
    // The proposer: 1706 with the stored proposal; nothing credited.
    const p = await call.post<null>('admin/deposits/credit', { depositId: deposit }, op.token)
    expect(p.code, p.msg).toBe(1706)
    const proposal = (p.data as unknown as { proposal: { id: string; valueUsdt: string; caseType: string } })
      .proposal
    expect(proposal).toMatchObject({
      caseType: 'deposit',
      caseId: deposit,
      amount: '15000',
      valueUsdt: '15000',
    })
    expect(await funds(h.db, sam.userId)).toEqual(before)
    const row = await h.db
      .selectFrom('deposit')
      .select('status')
      .where('id', '=', deposit)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('pending')
    // A second proposal for the same case, by anyone: 1708.
    expect((await call.post('admin/deposits/credit', { depositId: deposit }, op2.token)).code).toBe(1708)
    // The queue: op sees it as theirs; op2 may approve; Sam (a party) may not.
    const mine = await call.get<{ list: { id: string; mine: boolean; canApprove: boolean }[] }>(
      'admin/approvals/list',
      {},
      op.token,
    )
    expect(mine.data.list.find((x) => x.id === proposal.id)).toMatchObject({ mine: true, canApprove: false })
    const theirs = await call.get<{
      list: { id: string; canApprove: boolean; parties: { uid: number }[] }[]
    }>('admin/approvals/list', {}, op2.token)
    expect(theirs.data.list.find((x) => x.id === proposal.id)).toMatchObject({
      canApprove: true,
      parties: [{ uid: sam.uid }],
    })
    // The proposer approving: 1707; the party approving or rejecting: 1705.
    expect((await call.post('admin/approvals/approve', { id: proposal.id }, op.token)).code).toBe(1707)
    expect((await call.post('admin/approvals/approve', { id: proposal.id }, sam.token)).code).toBe(1705)
    expect(
      (await call.post('admin/approvals/reject', { id: proposal.id, reason: 'Mine' }, sam.token)).code,
    ).toBe(1705)
    expect(await funds(h.db, sam.userId)).toEqual(before)
    // The second staff member: the credit happens, once.
    const ok = await call.post('admin/approvals/approve', { id: proposal.id }, op2.token)
    expect(ok.code, ok.msg).toBe(200)
    const after = await funds(h.db, sam.userId)
    expect(Number(after.available) - Number(before.available)).toBe(15000)
    expect((await call.post('admin/approvals/approve', { id: proposal.id }, op2.token)).code).toBe(1702)
    expect((await call.post('admin/deposits/credit', { depositId: deposit }, op2.token)).code).toBe(1505)
    expect(await funds(h.db, sam.userId)).toEqual(after)
    const entries = await h.db
      .selectFrom('ledger_entry')
      .select('id')
      .where('ref_type', '=', 'deposit')
      .where('ref_id', '=', deposit)
      .execute()
    expect(entries).toHaveLength(1)
    // Both in the audit log: the proposal by op, the approval and the credit by op2.
    const proposed = await audit(h.db, 'four_eyes.propose', proposal.id)
    expect(proposed.map((r) => r.actor_id)).toEqual([op.userId])
    const approved = await audit(h.db, 'four_eyes.approve', proposal.id)
    expect(approved.map((r) => r.actor_id)).toEqual([op2.userId])
    const credit = await audit(h.db, 'deposit.credit', deposit)
    expect(credit).toHaveLength(1)
    expect(credit[0]?.actor_id).toBe(op2.userId)
    expect(credit[0]?.after).toMatchObject({ fourEyes: { proposalId: proposal.id, proposedBy: op.userId } })
    expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
  }, 60_000)

  it('four-eyes covers loan approvals, withdrawals paid and appeal decisions; below the limit one person acts', async () => {
    const propose = async (path: string, body: Record<string, unknown>) => {
      const r = await call.post(path, body, op.token)
      expect(r.code, `${path}: ${r.msg}`).toBe(1706)
      return (r.data as { proposal: { id: string } }).proposal.id
    }
    const approve = async (id: string) => {
      const r = await call.post('admin/approvals/approve', { id }, op2.token)
      expect(r.code, r.msg).toBe(200)
    }
    // Loan approval of 12,000 USDT.
    const loan = await propose('admin/loan/review', {
      decision: 'approve',
      id: sam.cases.loan,
      amount: '12000',
    })
    const loanStatus = async () =>
      (
        await h.db
          .selectFrom('loan_order')
          .select('status')
          .where('id', '=', sam.cases.loan)
          .executeTakeFirstOrThrow()
      ).status
    expect(await loanStatus()).toBe('reviewing')
    expect((await call.post('admin/approvals/approve', { id: loan }, sam.token)).code).toBe(1705)
    await approve(loan)
    expect(await loanStatus()).toBe('repaying')
    expect((await audit(h.db, 'loan.approve', sam.cases.loan)).map((r) => r.actor_id)).toEqual([op2.userId])
    // Withdrawal of 12,000 marked paid.
    const wd = await propose('admin/withdrawals/approve', {
      withdrawalId: sam.cases.withdrawal,
      txHash: 'abcdef0123456789',
    })
    await approve(wd)
    const w = await h.db
      .selectFrom('withdrawal')
      .select(['status', 'tx_hash'])
      .where('id', '=', sam.cases.withdrawal)
      .executeTakeFirstOrThrow()
    expect(w).toEqual({ status: 'success', tx_hash: 'abcdef0123456789' })
    // C2C appeal decided for the buyer: 12,000 USDT of escrow.
    const seller = await h.db
      .selectFrom('c2c_order')
      .select(['seller_id', 'quantity'])
      .where('id', '=', sam.cases.c2c_order)
      .executeTakeFirstOrThrow()
    const sellerBefore = await funds(h.db, seller.seller_id)
    const decide = await propose('admin/c2c/decide', {
      id: sam.cases.c2c_order,
      outcome: 'buyer',
      reason: 'Paid',
    })
    expect(await funds(h.db, seller.seller_id)).toEqual(sellerBefore)
    await approve(decide)
    const o = await h.db
      .selectFrom('c2c_order')
      .select('status')
      .where('id', '=', sam.cases.c2c_order)
      .executeTakeFirstOrThrow()
    expect(o.status).toBe('completed')
    // Voucher of 100 USDT: below the limit, op confirms alone.
    const v = await call.post(
      'admin/loan/repayment/review',
      { decision: 'confirm', id: sam.cases.loan_repayment },
      op.token,
    )
    expect(v.code, v.msg).toBe(200)
    expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
  }, 60_000)

  it('four-eyes for manual adjustments: admins only, a second admin approves; a rejected proposal moves nothing', async () => {
    const admin1 = await readyStaff(h.app, h.db, 'admin')
    const admin2 = await readyStaff(h.app, h.db, 'admin')
    const u = await registerEmail(h.app, h.db)
    const before = await funds(h.db, u.userId)
    const body = { userId: u.userId, account: 'funding', asset: 'USDT', amount: '20000', reason: 'Goodwill' }
    const p1 = await call.post('admin/users/adjust', body, admin1.token)
    expect(p1.code).toBe(1706)
    const id = (p1.data as { proposal: { id: string } }).proposal.id
    expect((await call.post('admin/approvals/approve', { id }, op2.token)).code).toBe(1006)
    expect((await call.post('admin/approvals/reject', { id, reason: 'Not agreed' }, admin2.token)).code).toBe(
      200,
    )
    expect((await call.post('admin/approvals/approve', { id }, admin2.token)).code).toBe(1702)
    expect(await funds(h.db, u.userId)).toEqual(before)
    expect((await audit(h.db, 'four_eyes.reject', id)).map((r) => r.actor_id)).toEqual([admin2.userId])
    // Proposed again (the first is decided), approved by the second admin: credited once.
    const p2 = await call.post('admin/users/adjust', body, admin1.token)
    expect(p2.code).toBe(1706)
    const id2 = (p2.data as { proposal: { id: string } }).proposal.id
    expect((await call.post('admin/approvals/approve', { id: id2 }, admin2.token)).code).toBe(200)
    expect((await funds(h.db, u.userId)).available).toBe('20000')
    // BTC is valued at its market price (60,000): 0.5 BTC is 30,000 USDT, above the limit.
    const btc = await call.post('admin/users/adjust', { ...body, asset: 'BTC', amount: '0.5' }, admin1.token)
    expect(btc.code).toBe(1706)
    expect((btc.data as { proposal: { valueUsdt: string } }).proposal.valueUsdt).toBe('30000')
    // Small amounts: one admin, as before.
    expect((await call.post('admin/users/adjust', { ...body, amount: '-5' }, admin1.token)).code).toBe(200)
    // The limit is a setting (admins, audited): raised, the same adjustment goes through at once.
    expect(
      (await call.post('admin/approvals/limit', { limit: '50000', reason: 'Raise' }, op.token)).code,
    ).toBe(1006)
    expect(
      (await call.post('admin/approvals/limit', { limit: '50000', reason: 'Raise' }, admin1.token)).code,
    ).toBe(200)
    expect((await call.post('admin/users/adjust', body, admin1.token)).code).toBe(200)
    expect((await funds(h.db, u.userId)).available).toBe('39995')
    expect(
      (await call.post('admin/approvals/limit', { limit: '10000', reason: 'Back' }, admin1.token)).code,
    ).toBe(200)
    expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
  }, 60_000)

  it('pictures: staff not set up get 1700/1701 like the console; each look at an identity document is audited', async () => {
    const owner = sam.cases.user
    const pics = [
      `/api/upload/${sam.pictures.identity}`,
      `/api/upload/${sam.pictures.ticketImage}`,
      `/api/c2c/order/${sam.pictures.c2cOrder}/image/${sam.pictures.c2cEvidence}`,
      `/api/service/image/${sam.pictures.serviceImage}`,
    ]
    const get = (url: string, token: string) =>
      h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
    const code = (res: Awaited<ReturnType<typeof get>>) =>
      res.headers['content-type']?.toString().startsWith('image/') ? 'image' : (res.json() as Env).code
    // One-time password not changed yet.
    const fresh = await createStaff(h.db, { email: `fresh.${Date.now()}@example.com`, role: 'operator' })
    const freshToken = await login(h.app, fresh.email, fresh.password)
    // Password changed, Google authenticator not bound.
    const half = await createStaff(h.db, { email: `half.${Date.now()}@example.com`, role: 'operator' })
    let halfToken = await login(h.app, half.email, half.password)
    expect(
      (
        await call.post(
          'safe/updatePassword',
          { oldPassword: half.password, password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD },
          halfToken,
        )
      ).code,
    ).toBe(200)
    halfToken = await login(h.app, half.email, STAFF_PASSWORD)
    const viewsBefore = (await audit(h.db, 'identity.view_document', owner)).length
    for (const url of pics) {
      expect(code(await get(url, freshToken)), url).toBe(1700)
      expect(code(await get(url, halfToken)), url).toBe(1701)
      expect(code(await get(url, op.token)), url).toBe('image')
    }
    // Only the identity photo is an identity document: one audit row, by op, naming its owner.
    const views = await audit(h.db, 'identity.view_document', owner)
    expect(views.length - viewsBefore).toBe(1)
    expect(views.at(-1)).toMatchObject({
      actor_id: op.userId,
      target_type: 'user',
      after: { upload: sam.pictures.identity, side: 'front' },
    })
    // A user who is not the owner still gets not-found; the owner sees their own pictures unaudited.
    const stranger = await registerEmail(h.app, h.db)
    expect(code(await get(pics[0] as string, stranger.token))).toBe(1004)
    const mine = await uploadProof(h.app, stranger.token)
    expect(code(await get(`/api/upload/${mine}`, stranger.token))).toBe('image')
    expect((await audit(h.db, 'identity.view_document', owner)).length - viewsBefore).toBe(1)
  })
})
