import { sql } from 'kysely'
import type { Db } from '../../../db/db'
import type { Tx } from '../../../ledger/ledger'

/** Queries of on-chain deposits (migration 029); each takes the database or transaction it runs in. */

/** The user's one derivation index (the same on every chain), assigned once. */
export async function userIndex(db: Db, userId: string): Promise<number> {
  await db
    .insertInto('chain_user_index')
    .values({ user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute()
  const row = await db
    .selectFrom('chain_user_index')
    .select('idx')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return row.idx
}

export async function storedAddress(db: Db, chain: string, userId: string) {
  return db
    .selectFrom('chain_address')
    .select(['address', 'idx'])
    .where('chain', '=', chain)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

export async function insertAddress(
  db: Db,
  row: { chain: string; user_id: string; idx: number; address: string },
) {
  await db
    .insertInto('chain_address')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/** Which of these addresses are ours on the chain, and whose. */
export async function ownersOf(db: Db, chain: string, addresses: string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map()
  const rows = await db
    .selectFrom('chain_address')
    .select(['address', 'user_id'])
    .where('chain', '=', chain)
    .where('address', 'in', addresses)
    .execute()
  return new Map(rows.map((r) => [r.address, r.user_id]))
}

export async function readCursor(db: Db, chain: string) {
  return db.selectFrom('chain_cursor').selectAll().where('chain', '=', chain).executeTakeFirst()
}

export async function saveCursor(db: Db, chain: string, block: number, hash: string, head: number) {
  await db
    .insertInto('chain_cursor')
    .values({ chain, block, block_hash: hash, head, updated_at: new Date() })
    .onConflict((oc) =>
      oc.column('chain').doUpdateSet({ block, block_hash: hash, head, updated_at: new Date() }),
    )
    .execute()
}

export async function saveHead(db: Db, chain: string, head: number) {
  await db
    .updateTable('chain_cursor')
    .set({ head, updated_at: new Date() })
    .where('chain', '=', chain)
    .execute()
}

export async function recordRpcError(db: Db, chain: string, message: string) {
  await db
    .insertInto('chain_cursor')
    .values({
      chain,
      block: -1,
      block_hash: '',
      head: -1,
      rpc_errors: 1,
      last_error: message,
      last_error_at: new Date(),
    })
    .onConflict((oc) =>
      oc.column('chain').doUpdateSet({
        rpc_errors: sql`chain_cursor.rpc_errors + 1`,
        last_error: message,
        last_error_at: new Date(),
      }),
    )
    .execute()
}

export interface SeenTransfer {
  chain: string
  tx_hash: string
  log_index: number
  block_number: number
  block_hash: string
  asset: string
  address: string
  user_id: string
  amount: string
}

/**
 * Records transfers as pending. A transfer already known stays as it is, except one that had been
 * dropped by a reorg and is back in a block (pending again); a credited one is never touched.
 */
export async function recordTransfers(db: Db, rows: SeenTransfer[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('chain_deposit')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) =>
        oc
          .columns(['chain', 'tx_hash', 'log_index'])
          .doUpdateSet({
            status: 'pending',
            block_number: sql`excluded.block_number`,
            block_hash: sql`excluded.block_hash`,
          })
          .where('chain_deposit.status', '=', 'dropped'),
      )
      .execute()
  }
}

export async function pendingDeposits(db: Db, chain: string) {
  return db
    .selectFrom('chain_deposit')
    .selectAll()
    .where('chain', '=', chain)
    .where('status', '=', 'pending')
    .orderBy('block_number')
    .limit(5000)
    .execute()
}

/** Credited deposits whose block is at or after `from` (checked for a reorg deeper than N). */
export async function recentCredited(db: Db, chain: string, from: number) {
  return db
    .selectFrom('chain_deposit')
    .selectAll()
    .where('chain', '=', chain)
    .where('status', '=', 'credited')
    .where('block_number', '>=', String(from))
    .execute()
}

export async function dropDeposit(db: Db, id: string) {
  await db
    .updateTable('chain_deposit')
    .set({ status: 'dropped' })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute()
}

export async function lockDeposit(trx: Tx, id: string) {
  return trx.selectFrom('chain_deposit').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export async function markCredited(trx: Tx, id: string, depositId: string) {
  await trx
    .updateTable('chain_deposit')
    .set({ status: 'credited', deposit_id: depositId, credited_at: new Date() })
    .where('id', '=', id)
    .execute()
}

export async function raiseAlert(db: Db, a: { chain: string; kind: string; ref: string; detail: unknown }) {
  const r = await db
    .insertInto('chain_alert')
    .values({ ...a, detail: JSON.stringify(a.detail) })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst()
  return r !== undefined
}

/** A user's deposits on chains that are still waiting for confirmations. */
export async function userPending(db: Db, userId: string, chain?: string) {
  let q = db
    .selectFrom('chain_deposit')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
  if (chain) q = q.where('chain', '=', chain)
  return q.orderBy('seen_at', 'desc').limit(50).execute()
}
