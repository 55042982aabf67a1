import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

/** Spot trading: orders, fills, and per-instrument fee rates. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('instrument')
    .addColumn('maker_fee', 'numeric', (c) => c.notNull().defaultTo('0.001'))
    .execute()
  await db.schema
    .alterTable('instrument')
    .addColumn('taker_fee', 'numeric', (c) => c.notNull().defaultTo('0.001'))
    .execute()

  await db.schema
    .createTable('spot_order')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // A user id, or a system holder such as 'mm:1' (market maker).
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // Null for market orders.
    .addColumn('price', 'numeric')
    // Base quantity; null for a market buy given as a quote budget.
    .addColumn('amount', 'numeric')
    // Quote budget of a market buy.
    .addColumn('quote_amount', 'numeric')
    .addColumn('filled', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('filled_quote', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('fee', 'numeric', (c) => c.notNull().defaultTo(0))
    // Fee rates fixed at placement (an operator may change the instrument's later).
    .addColumn('maker_fee_rate', 'numeric', (c) => c.notNull())
    .addColumn('taker_fee_rate', 'numeric', (c) => c.notNull())
    // What is still frozen for this order in the holder's spot account.
    .addColumn('locked', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('spot_order_holder').on('spot_order').columns(['holder', 'id']).execute()
  await sql`create index spot_order_open on spot_order (symbol, id) where status in ('open', 'partial')`.execute(
    db,
  )

  await db.schema
    .createTable('spot_trade')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('price', 'numeric', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('quote', 'numeric', (c) => c.notNull())
    .addColumn('taker_side', 'text', (c) => c.notNull())
    .addColumn('maker_order_id', 'bigint', (c) => c.notNull().references('spot_order.id'))
    .addColumn('taker_order_id', 'bigint', (c) => c.notNull().references('spot_order.id'))
    .addColumn('maker_holder', 'text', (c) => c.notNull())
    .addColumn('taker_holder', 'text', (c) => c.notNull())
    .addColumn('maker_fee', 'numeric', (c) => c.notNull())
    .addColumn('taker_fee', 'numeric', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('spot_trade_symbol').on('spot_trade').columns(['symbol', 'id']).execute()
  await db.schema.createIndex('spot_trade_maker').on('spot_trade').columns(['maker_holder', 'id']).execute()
  await db.schema.createIndex('spot_trade_taker').on('spot_trade').columns(['taker_holder', 'id']).execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('spot_trade').execute()
  await db.schema.dropTable('spot_order').execute()
  await db.schema.alterTable('instrument').dropColumn('taker_fee').execute()
  await db.schema.alterTable('instrument').dropColumn('maker_fee').execute()
}
