import { sql } from 'kysely'
import { columnOf } from '../db/rows'
import type { Tx } from './ledger'

/**
 * Opening funds (a pool, a desk, a fund, demo data) are posted once: the caller takes this lock in
 * its transaction, and posts only when no ledger entry with that reference exists yet. Two processes
 * starting together queue on the lock, and the second sees the first's entry.
 */
export async function lockSeed(trx: Tx, lockKey: string, refType: string): Promise<boolean> {
  await sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`.execute(trx)
  return (await columnOf(trx, 'ledger_entry', 'id', 'ref_type', refType)) !== undefined
}
