import type { Insertable } from 'kysely'
import type { Db } from '../../db/db'
import type { LoanProductTable } from '../../db/schema-loan'
import type { Tx } from '../../ledger/ledger'
import { lockSeed } from '../../ledger/seed'
import type { ProductRow } from './model'

/** Whether the loan book's first funding was posted (under a lock, so it is posted once). */
export async function lockBookSeed(trx: Tx): Promise<boolean> {
  return lockSeed(trx, 'loan.book_seed', 'loan_book_seed')
}

// ---- products ----

export function enabledProduct(db: Db, id: string): Promise<ProductRow | undefined> {
  return db
    .selectFrom('loan_product')
    .selectAll()
    .where('id', '=', id)
    .where('enabled', '=', true)
    .executeTakeFirst()
}

/** Products in their display order; `enabledOnly` for what users may apply for. */
export function productList(db: Db, enabledOnly: boolean): Promise<ProductRow[]> {
  let q = db.selectFrom('loan_product').selectAll()
  if (enabledOnly) q = q.where('enabled', '=', true)
  return q.orderBy('sort').orderBy('id').execute()
}

export function productById(db: Tx, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('loan_product').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Creates a product (id absent) or changes one; answers the row as stored. */
export function saveProduct(
  trx: Tx,
  id: string | undefined,
  values: Omit<Insertable<LoanProductTable>, 'id' | 'sort' | 'created_at'>,
): Promise<ProductRow> {
  return id
    ? trx
        .updateTable('loan_product')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
    : trx
        .insertInto('loan_product')
        .values({ ...values, sort: 100 })
        .returningAll()
        .executeTakeFirstOrThrow()
}

// ---- holidays ----

export function holidays(db: Tx) {
  return db.selectFrom('loan_holiday').selectAll().orderBy('day').execute()
}

/** Replaces the holiday table. */
export async function replaceHolidays(trx: Tx, days: { day: string; name: string }[]): Promise<void> {
  await trx.deleteFrom('loan_holiday').execute()
  if (days.length) await trx.insertInto('loan_holiday').values(days).execute()
}
