import { sql } from 'kysely'
import type { Db } from '../../../db/db'
import type { WithdrawalStatus } from '../../../db/schema'
import type { Tx } from '../../../ledger/ledger'

/** Queries of hot-wallet payouts (migration 029): withdrawals on a chain, nonces, signed transactions. */

export async function payable(db: Db, chain: string) {
  return db
    .selectFrom('withdrawal')
    .selectAll()
    .where('chain', '=', chain)
    .where('status', 'in', ['approved', 'queued'])
    .orderBy('created_at')
    .limit(20)
    .execute()
}

export async function withStatus(db: Db, chain: string, status: WithdrawalStatus) {
  return db
    .selectFrom('withdrawal')
    .selectAll()
    .where('chain', '=', chain)
    .where('status', '=', status)
    .execute()
}

export async function lockWithdrawal(trx: Tx, id: string) {
  return trx.selectFrom('withdrawal').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

/** Moves a withdrawal from one of `from` to `to`; false when it was in none of them. */
export async function moveWithdrawal(
  db: Db,
  id: string,
  from: WithdrawalStatus[],
  to: WithdrawalStatus,
  set: { tx_hash?: string; reject_reason?: string } = {},
): Promise<boolean> {
  const r = await db
    .updateTable('withdrawal')
    .set({ status: to, ...set })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returning('id')
    .executeTakeFirst()
  return r !== undefined
}

/** The next nonce of the hot wallet, locked and advanced (created from the chain's count the first time). */
export async function takeNonce(trx: Tx, chain: string, wallet: string, onChain: number): Promise<number> {
  await trx
    .insertInto('chain_nonce')
    .values({ chain, wallet, next_nonce: onChain })
    .onConflict((oc) => oc.doNothing())
    .execute()
  const row = await trx
    .selectFrom('chain_nonce')
    .select('next_nonce')
    .where('chain', '=', chain)
    .where('wallet', '=', wallet)
    .forUpdate()
    .executeTakeFirstOrThrow()
  const n = Math.max(Number(row.next_nonce), onChain)
  await trx
    .updateTable('chain_nonce')
    .set({ next_nonce: n + 1 })
    .where('chain', '=', chain)
    .where('wallet', '=', wallet)
    .execute()
  return n
}

export interface NewTx {
  withdrawal_id: string
  chain: string
  wallet: string
  nonce: number
  raw: string
  hash: string
  max_fee: string
  priority_fee: string
}

export async function insertTx(trx: Tx, row: NewTx) {
  await trx.insertInto('chain_tx').values(row).execute()
}

export async function txsWithStatus(db: Db, chain: string, status: 'signed' | 'broadcast') {
  return db
    .selectFrom('chain_tx')
    .selectAll()
    .where('chain', '=', chain)
    .where('status', '=', status)
    .orderBy('id')
    .execute()
}

export async function markTx(
  db: Db,
  hash: string,
  status: 'broadcast' | 'confirmed' | 'replaced' | 'failed',
  block?: number,
) {
  await db
    .updateTable('chain_tx')
    .set({
      status,
      ...(status === 'broadcast' ? { broadcast_at: sql<Date>`coalesce(broadcast_at, now())` } : {}),
      ...(block !== undefined ? { block_number: block } : {}),
    })
    .where('hash', '=', hash)
    .execute()
}

/** The other transactions of a withdrawal (same nonce) become replaced once one is mined. */
export async function markOthersReplaced(db: Db, withdrawalId: string, minedHash: string) {
  await db
    .updateTable('chain_tx')
    .set({ status: 'replaced' })
    .where('withdrawal_id', '=', withdrawalId)
    .where('hash', '!=', minedHash)
    .where('status', 'in', ['signed', 'broadcast'])
    .execute()
}

export async function confirmedTx(db: Db, withdrawalId: string) {
  return db
    .selectFrom('chain_tx')
    .selectAll()
    .where('withdrawal_id', '=', withdrawalId)
    .where('status', '=', 'confirmed')
    .executeTakeFirst()
}
