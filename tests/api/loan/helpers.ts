import type { LoanOrder, LoanProduct } from '@common/loan/schema'
import { sql } from 'kysely'
import sharp from 'sharp'
import { expect } from 'vitest'
import type { Db } from '../../../server/db/db'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { readBalances } from '../../../server/ledger/ledger'
import { type api, registerEmail } from '../accounts/helpers'
import type { Harness } from '../harness'

export type Call = ReturnType<typeof api>

export async function balance(db: Db, holder: string, asset: string, account = 'funding') {
  const [b] = await readBalances(db, holder, { account, asset })
  return b?.available ?? '0'
}
export const bookBalance = (db: Db, asset: string) => balance(db, 'system', asset, 'loan_book')

/** The ledger balances, no user below zero, and the loan book holds the seed minus what is lent plus what came back. */
export async function expectSound(db: Db): Promise<void> {
  const report = await checkLedger(db)
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true)
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from balance where holder <> 'system' and (available < 0 or frozen < 0)`.execute(
    db,
  )
  expect(rows[0]?.n).toBe(0)
  // Every loan's money is in the ledger: payouts out of the book, repayments into it.
  const { rows: off } = await sql<{ id: string }>`
    select o.id from loan_order o
    left join (select ref_id, sum(case when reason = 'loan_payout' then 1 else 0 end) as payouts from ledger_entry
      where ref_type = 'loan' group by ref_id) e on e.ref_id = o.id::text
    where (o.amount is not null) <> (coalesce(e.payouts, 0) = 1)`.execute(db)
  expect(off).toEqual([])
}

export async function product(call: Call, coin: string, term: number, credit = false): Promise<LoanProduct> {
  const r = await call.get<LoanProduct[]>('loan/products')
  expect(r.code).toBe(200)
  const p = r.data.find((x) => x.coin === coin && x.termDays === term && x.credit === credit)
  if (!p) throw new Error(`no ${coin} ${term} product`)
  return p
}

export async function applyAndApprove(
  call: Call,
  token: string,
  opToken: string,
  body: Record<string, unknown>,
  amount?: string,
): Promise<LoanOrder> {
  // Loans need approved identity: the test hook approves it as a review would (idempotent).
  expect((await call.post('dev/identity/approve', {}, token)).code).toBe(200)
  const a = await call.post<LoanOrder>('loan/apply', { purpose: 'working capital', ...body }, token)
  expect(a.code, a.msg).toBe(200)
  expect(a.data.status).toBe('reviewing')
  const r = await call.post<LoanOrder>(
    'admin/loan/review',
    { decision: 'approve', id: a.data.id, amount: amount ?? body.amount },
    opToken,
  )
  expect(r.code, r.msg).toBe(200)
  expect(r.data.status).toBe('repaying')
  return r.data
}

function multipart(file: Buffer) {
  const boundary = '----loan'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="proof.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** Uploads an image through the real endpoint; returns its id. */
export async function uploadImage(h: Harness, token: string): Promise<string> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#226644' } })
    .jpeg()
    .toBuffer()
  const m = multipart(jpeg)
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/uploadImage',
    payload: m.payload,
    headers: { ...m.headers, authorization: `Bearer ${token}` },
  })
  const body = res.json() as { code: number; data: { id: string } }
  expect(body.code).toBe(200)
  return body.data.id
}

/** Marks a user's advanced verification as verified (what the identity review does). */
export async function verifyAdvanced(db: Db, userId: string): Promise<void> {
  await db
    .insertInto('identity')
    .values({
      user_id: userId,
      nationality: 'TW',
      real_name: 'Test Borrower',
      id_number: 'A123456789',
      advanced_status: 'verified',
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ advanced_status: 'verified' }))
    .execute()
}

/** A registered user whose identity is approved (loans need it unless the setting is off). */
export async function borrower(h: Harness) {
  const u = await registerEmail(h.app, h.db)
  await verifyAdvanced(h.db, u.userId)
  return u
}
