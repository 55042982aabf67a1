import type { Kysely } from 'kysely'
import { table } from './kit'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

/**
 * A market's own candles (issue 36, "honest figures"): built from this exchange's fills in that
 * market (spot, and a perpetual's own trades), never from the index. The `candle` table stays
 * the index-price series (and its first-start backfill is index history).
 */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'trade_candle', {
    symbol: 'text not null references instrument (symbol)',
    period: 'text not null',
    open_time: 'bigint not null',
    open: 'numeric not null',
    high: 'numeric not null',
    low: 'numeric not null',
    close: 'numeric not null',
    volume: 'numeric not null',
    turnover: 'numeric not null',
  })
    .addPrimaryKeyConstraint('trade_candle_pk', ['symbol', 'period', 'open_time'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('trade_candle').execute()
}
