import { sql } from 'kysely'
import type { AnyDb } from './kit'

/**
 * Time in force, post-only and client order ids (issue 38). A client order id is unique per
 * holder among open orders (spot and perpetual each); the engine answers a repeat from memory,
 * the partial unique index holds the rule across restarts and cores.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('spot_order')
    .addColumn('time_in_force', 'text', (c) => c.notNull().defaultTo('GTC'))
    .addColumn('post_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('client_order_id', 'text')
    .execute()
  await sql`create unique index spot_order_client_open on spot_order (holder, client_order_id)
    where client_order_id is not null and status in ('open', 'partial')`.execute(db)
  await sql`create index spot_order_client on spot_order (holder, client_order_id, id)
    where client_order_id is not null`.execute(db)

  await db.schema.alterTable('contract_order').addColumn('client_order_id', 'text').execute()
  await sql`create unique index contract_order_client_open on contract_order (holder, client_order_id)
    where client_order_id is not null and status in ('open', 'partial')`.execute(db)
  await sql`create index contract_order_client on contract_order (holder, client_order_id, id)
    where client_order_id is not null`.execute(db)
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists contract_order_client`.execute(db)
  await sql`drop index if exists contract_order_client_open`.execute(db)
  await db.schema.alterTable('contract_order').dropColumn('client_order_id').execute()
  await sql`drop index if exists spot_order_client`.execute(db)
  await sql`drop index if exists spot_order_client_open`.execute(db)
  await db.schema
    .alterTable('spot_order')
    .dropColumn('time_in_force')
    .dropColumn('post_only')
    .dropColumn('client_order_id')
    .execute()
}
