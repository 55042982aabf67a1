import { sql } from 'kysely'
import type { Db } from '../../db/db'
import type { Tx } from '../../ledger/ledger'

/** Whether the instrument table has fee columns (databases migrated before them have none). */
export async function instrumentHasFees(db: Db): Promise<boolean> {
  const rows = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_name = 'instrument' and table_schema = current_schema()`.execute(db)
  const cols = new Set(rows.rows.map((r) => r.column_name))
  return cols.has('maker_fee') && cols.has('taker_fee')
}

export function instrumentRows(db: Db) {
  return db.selectFrom('instrument').selectAll().orderBy('sort').execute()
}

/** An instrument's row, locked for the transaction that changes it. */
export function lockInstrument(trx: Tx, symbol: string) {
  return trx.selectFrom('instrument').selectAll().where('symbol', '=', symbol).forUpdate().executeTakeFirst()
}

export async function setInstrumentStatus(trx: Tx, symbol: string, status: 'trading' | 'suspended') {
  await trx.updateTable('instrument').set({ status }).where('symbol', '=', symbol).execute()
}

/** New minimums, and fees where given (only on a database that has the fee columns). */
export async function setInstrumentLimits(
  trx: Tx,
  symbol: string,
  l: { minAmount: string; minNotional: string; makerFee?: string; takerFee?: string },
) {
  await trx
    .updateTable('instrument')
    .set({ min_amount: l.minAmount, min_notional: l.minNotional })
    .where('symbol', '=', symbol)
    .execute()
  if (l.makerFee !== undefined)
    await sql`update instrument set maker_fee = ${l.makerFee} where symbol = ${symbol}`.execute(trx)
  if (l.takerFee !== undefined)
    await sql`update instrument set taker_fee = ${l.takerFee} where symbol = ${symbol}`.execute(trx)
}
