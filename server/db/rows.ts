import type { Kysely, Selectable, Updateable } from 'kysely'
import type { Database } from './schema'

/** The tables whose key is one `id` column. */
type IdTable = { [T in keyof Database]: Database[T] extends { id: unknown } ? T : never }[keyof Database]

/**
 * Changes one row by its id and answers the row as it is now (throws when there is none): the
 * repos' `updateX(trx, id, set)`.
 */
export function updateById<T extends IdTable>(
  trx: Kysely<Database>,
  table: T,
  id: string,
  set: Updateable<Database[T]>,
): Promise<Selectable<Database[T]>> {
  // Kysely cannot follow a column through a generic table name; the types above hold the caller.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const q = trx.updateTable(table as any) as any
  return q.set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
}

/**
 * One column of the row whose `key` column equals `value`, or undefined when there is none: the
 * repos' one-value reads (`antiPhishingOf`, `walletOwner`, ...).
 */
export async function columnOf<
  T extends keyof Database,
  C extends keyof Selectable<Database[T]> & string,
  K extends keyof Selectable<Database[T]> & string,
>(
  db: Kysely<Database>,
  table: T,
  column: C,
  key: K,
  value: Selectable<Database[T]>[K],
): Promise<Selectable<Database[T]>[C] | undefined> {
  // Kysely cannot follow a column through a generic table name; the types above hold the caller.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const q = db.selectFrom(table as any) as any
  const row = await q.select(column).where(key, '=', value).executeTakeFirst()
  return row?.[column]
}

/** One holder's ledger postings (`p`) joined to their entries (`e`): the bills and the console's ledger. */
export function holderPostings(db: Kysely<Database>, holder: string) {
  return db
    .selectFrom('ledger_posting as p')
    .innerJoin('ledger_entry as e', 'e.id', 'p.entry_id')
    .where('p.holder', '=', holder)
}

/** The columns of one posting line with its entry, as the bills and the console's ledger list it. */
export const POSTING_LINE = [
  'p.id',
  'p.entry_id',
  'p.account',
  'p.asset',
  'p.bucket',
  'p.amount',
  'p.balance_after',
  'e.reason',
  'e.ref_type',
  'e.ref_id',
  'e.created_at',
] as const
