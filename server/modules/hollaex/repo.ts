import type { Db } from '../../db/db'

/** Every coin of the platform, in display order (GET /v2/constants, the balance's coins). */
export function assetRows(db: Db) {
  return db.selectFrom('asset').select(['code', 'name', 'precision', 'enabled']).orderBy('sort').execute()
}

/** The instruments' stored maker and taker rates, by symbol. */
export async function feeRows(db: Db): Promise<Map<string, { maker: string; taker: string }>> {
  const rows = await db.selectFrom('instrument').select(['symbol', 'maker_fee', 'taker_fee']).execute()
  return new Map(rows.map((r) => [r.symbol, { maker: r.maker_fee, taker: r.taker_fee }]))
}
