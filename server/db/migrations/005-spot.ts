import { type AnyDb, dropTables, index, orderIndexes, table } from './kit'

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

  await table(db, 'spot_order', {
    id: 'bigserial primary key',
    // A user id, or a system holder such as 'mm:1' (market maker).
    holder: 'text not null',
    symbol: 'text not null',
    side: 'text not null',
    type: 'text not null',
    // Null for market orders.
    price: 'numeric',
    // Base quantity; null for a market buy given as a quote budget.
    amount: 'numeric',
    // Quote budget of a market buy.
    quote_amount: 'numeric',
    filled: 'numeric not null default 0',
    filled_quote: 'numeric not null default 0',
    fee: 'numeric not null default 0',
    // Fee rates fixed at placement (an operator may change the instrument's later).
    maker_fee_rate: 'numeric not null',
    taker_fee_rate: 'numeric not null',
    // What is still frozen for this order in the holder's spot account.
    locked: 'numeric not null default 0',
    status: 'text not null',
    created_at: 'timestamptz not null default now()',
    updated_at: 'timestamptz not null default now()',
  }).execute()
  await orderIndexes(db, 'spot_order')

  await table(db, 'spot_trade', {
    id: 'bigserial primary key',
    symbol: 'text not null',
    price: 'numeric not null',
    amount: 'numeric not null',
    quote: 'numeric not null',
    taker_side: 'text not null',
    maker_order_id: 'bigint not null references spot_order (id)',
    taker_order_id: 'bigint not null references spot_order (id)',
    maker_holder: 'text not null',
    taker_holder: 'text not null',
    maker_fee: 'numeric not null',
    taker_fee: 'numeric not null',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'spot_trade_symbol', 'spot_trade', ['symbol', 'id'])
  await index(db, 'spot_trade_maker', 'spot_trade', ['maker_holder', 'id'])
  await index(db, 'spot_trade_taker', 'spot_trade', ['taker_holder', 'id'])
}

export async function down(db: AnyDb): Promise<void> {
  await dropTables(db, ['spot_trade', 'spot_order'])
  await db.schema.alterTable('instrument').dropColumn('taker_fee').execute()
  await db.schema.alterTable('instrument').dropColumn('maker_fee').execute()
}
