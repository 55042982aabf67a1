import type { Insertable } from 'kysely'
import type { Db } from '../../db/db'
import { type PageQuery, pageWithMore } from '../../db/page'
import { holderPostings, POSTING_LINE } from '../../db/rows'
import type { ExchangeOrderTable, TransferRecordTable } from '../../db/schema'
import type { Tx } from '../../ledger/ledger'

/** The display currency the user chose. */
export async function currencyOf(db: Db, userId: string): Promise<string> {
  const u = await db.selectFrom('users').select('currency').where('id', '=', userId).executeTakeFirstOrThrow()
  return u.currency
}

// ---- the ledger as the user sees it (bills) ----

/** The reasons of the user's own postings. */
export async function ledgerReasons(db: Db, userId: string): Promise<Set<string>> {
  const rows = await holderPostings(db, userId).select('e.reason').distinct().execute()
  return new Set(rows.map((r) => r.reason))
}

/** One page of the user's postings, newest first, by reason (or not these), account and coin. */
export function ledgerPage(
  db: Db,
  userId: string,
  q: PageQuery & { reason?: string; notReasons?: readonly string[]; account?: string; coin?: string },
) {
  let query = holderPostings(db, userId).select(POSTING_LINE)
  if (q.reason) query = query.where('e.reason', '=', q.reason)
  else if (q.notReasons) query = query.where('e.reason', 'not in', [...q.notReasons])
  if (q.account) query = query.where('p.account', '=', q.account)
  if (q.coin) query = query.where('p.asset', '=', q.coin)
  return pageWithMore(query.orderBy('p.id', 'desc'), q)
}

// ---- transfers ----

export async function insertTransfer(trx: Tx, values: Insertable<TransferRecordTable>): Promise<void> {
  await trx.insertInto('transfer_record').values(values).execute()
}

export function transfersPage(db: Db, userId: string, q: PageQuery) {
  const query = db
    .selectFrom('transfer_record')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
  return pageWithMore(query, q)
}

// ---- flash exchange ----

export async function insertQuote(db: Db, values: Insertable<ExchangeOrderTable>): Promise<void> {
  await db.insertInto('exchange_order').values(values).execute()
}

/** The user's quote, locked for its confirmation. */
export function lockQuote(trx: Tx, id: string, userId: string) {
  return trx
    .selectFrom('exchange_order')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst()
}

export async function markExchanged(trx: Tx, id: string): Promise<void> {
  await trx
    .updateTable('exchange_order')
    .set({ status: 'done', done_at: new Date() })
    .where('id', '=', id)
    .execute()
}

/** The user's done exchanges, newest first, one page. */
export function exchangesPage(db: Db, userId: string, q: PageQuery) {
  const query = db
    .selectFrom('exchange_order')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'done')
    .orderBy('done_at', 'desc')
    .orderBy('id')
  return pageWithMore(query, q)
}
