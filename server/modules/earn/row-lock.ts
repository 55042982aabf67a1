import type { Selectable } from 'kysely'
import type { Database } from '../../db/schema'
import { AppError } from '../../http/errors'
import type { Tx } from '../../ledger/ledger'

/** The earn tables a console change or a user's step locks by id. */
type ById = 'staking_product' | 'sub_project'

/** The row with this id, locked to the end of the transaction; 'notFound' when there is none. */
export async function lockById<T extends ById>(
  trx: Tx,
  table: T,
  id: string,
): Promise<Selectable<Database[T]>> {
  // One table at a time: the cast names it for the query builder, the row type follows `table`.
  const row = await trx
    .selectFrom(table as ById as 'sub_project')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
  if (!row) throw new AppError('notFound')
  return row as unknown as Selectable<Database[T]>
}
