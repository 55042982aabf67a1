import { type AnyDb, candle, table } from './kit'

/**
 * A market's own candles (issue 36, "honest figures"): built from this exchange's fills in that
 * market (spot, and a perpetual's own trades), never from the index. The `candle` table stays
 * the index-price series (and its first-start backfill is index history).
 */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'trade_candle', candle)
    .addPrimaryKeyConstraint('trade_candle_pk', ['symbol', 'period', 'open_time'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('trade_candle').execute()
}
