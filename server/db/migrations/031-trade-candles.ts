import type { Kysely } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

/**
 * A market's own candles (issue 36, "honest figures"): built from this exchange's fills in that
 * market (spot, and a perpetual's own trades), never from the index. The `candle` table stays
 * the index-price series (and its first-start backfill is index history).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('trade_candle')
    .addColumn('symbol', 'text', (c) => c.notNull().references('instrument.symbol'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('open_time', 'bigint', (c) => c.notNull())
    .addColumn('open', 'numeric', (c) => c.notNull())
    .addColumn('high', 'numeric', (c) => c.notNull())
    .addColumn('low', 'numeric', (c) => c.notNull())
    .addColumn('close', 'numeric', (c) => c.notNull())
    .addColumn('volume', 'numeric', (c) => c.notNull())
    .addColumn('turnover', 'numeric', (c) => c.notNull())
    .addPrimaryKeyConstraint('trade_candle_pk', ['symbol', 'period', 'open_time'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('trade_candle').execute()
}
