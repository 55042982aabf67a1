import { type Insertable, type Selectable, sql, type Updateable } from 'kysely'
import type { Db } from '../../db/db'
import { type PageQuery, pageWithMore } from '../../db/page'
import { columnOf } from '../../db/rows'
import type { AddressBookTable, DepositTable, WithdrawalTable } from '../../db/schema'
import type { Tx } from '../../ledger/ledger'

/*
 * The assets area's queries on deposits, withdrawals, deposit channels and the address book: what
 * the user's routes, the review functions (review.ts) and the console's queues read and write.
 */

// ---- coins ----

/** Enabled coins of the platform with their precision, in display order. */
export function enabledAssets(db: Db): Promise<{ code: string; name: string; precision: number }[]> {
  return db
    .selectFrom('asset')
    .select(['code', 'name', 'precision'])
    .where('enabled', '=', true)
    .orderBy('sort')
    .execute()
}

/** The precision of an enabled coin, or undefined. */
export async function enabledPrecision(db: Db, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('asset')
    .select('precision')
    .where('code', '=', code)
    .where('enabled', '=', true)
    .executeTakeFirst()
  return row?.precision
}

// ---- deposit channels ----

export function openChannel(db: Db, coin: string, chain: string) {
  return db
    .selectFrom('deposit_channel')
    .selectAll()
    .where('asset', '=', coin)
    .where('chain', '=', chain)
    .where('enabled', '=', true)
    .executeTakeFirst()
}

/** The open channels (of one coin, when given). */
export function openChannels(db: Db, coin?: string) {
  let q = db.selectFrom('deposit_channel').select(['asset', 'chain']).where('enabled', '=', true)
  if (coin) q = q.where('asset', '=', coin)
  return q.execute()
}

export function allChannels(db: Db) {
  return db.selectFrom('deposit_channel').selectAll().execute()
}

/** Sets a channel (created on first save); answers what it was, read under a lock. */
export async function saveChannel(
  trx: Tx,
  coin: string,
  chain: string,
  values: {
    address: string
    min_amount: string
    confirmations: number
    enabled: boolean
    updated_by: string
    updated_at: Date
  },
) {
  const before = await trx
    .selectFrom('deposit_channel')
    .select(['address', 'min_amount', 'confirmations', 'enabled'])
    .where('asset', '=', coin)
    .where('chain', '=', chain)
    .forUpdate()
    .executeTakeFirst()
  await trx
    .insertInto('deposit_channel')
    .values({ asset: coin, chain, ...values })
    .onConflict((oc) => oc.columns(['asset', 'chain']).doUpdateSet(values))
    .execute()
  return before
}

// ---- deposits and withdrawals ----

export async function insertDeposit(db: Db, values: Insertable<DepositTable>): Promise<void> {
  await db.insertInto('deposit').values(values).execute()
}

export async function insertWithdrawal(db: Tx, values: Insertable<WithdrawalTable>): Promise<void> {
  await db.insertInto('withdrawal').values(values).execute()
}

/** One page of deposits or withdrawals, newest first: a user's, or (the console) one status or all. */
export function reviewPage<T extends 'deposit' | 'withdrawal'>(
  db: Db,
  table: T,
  q: PageQuery & { userId?: string; status?: string },
) {
  let query = db.selectFrom(table as 'deposit').selectAll()
  if (q.userId) query = query.where('user_id', '=', q.userId)
  if (q.status) query = query.where('status', '=', q.status as 'pending')
  return pageWithMore(query.orderBy('created_at', 'desc').orderBy('id'), q) as Promise<{
    rows: T extends 'deposit' ? DepositRow[] : WithdrawalRow[]
    hasMore: boolean
  }>
}

export type DepositRow = Selectable<DepositTable>
export type WithdrawalRow = Selectable<WithdrawalTable>

/** A deposit or withdrawal, locked for its review. */
export function lockReviewRow<T extends 'deposit' | 'withdrawal'>(trx: Tx, table: T, id: string) {
  return trx
    .selectFrom(table as 'deposit')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst() as Promise<(T extends 'deposit' ? DepositRow : WithdrawalRow) | undefined>
}

export async function updateDeposit(trx: Tx, id: string, set: Updateable<DepositTable>): Promise<void> {
  await trx.updateTable('deposit').set(set).where('id', '=', id).execute()
}

export async function updateWithdrawal(trx: Tx, id: string, set: Updateable<WithdrawalTable>): Promise<void> {
  await trx.updateTable('withdrawal').set(set).where('id', '=', id).execute()
}

/** A deposit's or withdrawal's asset, amount and status (what deciding it would move). */
export function reviewMove(db: Tx, table: 'deposit' | 'withdrawal', id: string) {
  return db.selectFrom(table).select(['asset', 'amount', 'status']).where('id', '=', id).executeTakeFirst()
}

/** Counts per status of a review table, for the queue's filter chips. */
export async function statusCounts(db: Db, table: 'deposit' | 'withdrawal'): Promise<Record<string, number>> {
  const rows = await sql<{ status: string; n: string }>`
    select status, count(*) as n from ${sql.table(table)} group by status`.execute(db)
  return Object.fromEntries(rows.rows.map((r) => [r.status, Number(r.n)]))
}

/** E-mail / phone / UID of some users, so a queue says who asked. */
export async function owners(db: Db, ids: string[]): Promise<Map<string, { uid: number; account: string }>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('users')
    .select(['id', 'uid', 'email', 'phone', 'nickname'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(rows.map((r) => [r.id, { uid: r.uid, account: r.email ?? r.phone ?? r.nickname }]))
}

// ---- the address book ----

export async function addressBookOnly(db: Db, userId: string): Promise<boolean> {
  return (await columnOf(db, 'asset_user_setting', 'address_book_only', 'user_id', userId)) ?? false
}

export async function setAddressBookOnly(db: Db, userId: string, only: boolean): Promise<void> {
  await db
    .insertInto('asset_user_setting')
    .values({ user_id: userId, address_book_only: only })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ address_book_only: only }))
    .execute()
}

export function addressBook(db: Db, userId: string) {
  return db
    .selectFrom('address_book')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute()
}

/** The id of a user's address book entry for a coin, chain and address. */
export async function bookEntry(
  db: Db,
  userId: string,
  a: { coin: string; chain: string; address: string },
): Promise<string | null> {
  const row = await db
    .selectFrom('address_book')
    .select('id')
    .where('user_id', '=', userId)
    .where('asset', '=', a.coin)
    .where('chain', '=', a.chain)
    .where('address', '=', a.address)
    .executeTakeFirst()
  return row?.id ?? null
}

type Entry = Pick<Insertable<AddressBookTable>, 'asset' | 'chain' | 'address' | 'remark'>

/** Changes one of the user's entries; false when it is not theirs. */
export async function updateBookEntry(db: Db, userId: string, id: string, values: Entry): Promise<boolean> {
  const res = await db
    .updateTable('address_book')
    .set(values)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst()
  return res !== undefined
}

export async function insertBookEntry(db: Db, userId: string, id: string, values: Entry): Promise<void> {
  await db
    .insertInto('address_book')
    .values({ id, user_id: userId, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'asset', 'chain', 'address']).doNothing())
    .execute()
}

/** Removes one of the user's entries; false when it is not theirs. */
export async function deleteBookEntry(db: Db, userId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('address_book')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst()
  return res !== undefined
}
