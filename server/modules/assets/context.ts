import { randomUUID } from 'node:crypto'
import { toMillisOrNull } from '@common/time/time'
import type { Config } from '../../config'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import type { MarketData } from '../../market/service'

export interface AssetsCtx {
  db: Db
  config: Config
  market: MarketData
}

export const newId = (): string => randomUUID()

/** Enabled coins of the platform with their precision, in display order. */
export async function listAssets(db: Db): Promise<{ code: string; name: string; precision: number }[]> {
  return db
    .selectFrom('asset')
    .select(['code', 'name', 'precision'])
    .where('enabled', '=', true)
    .orderBy('sort')
    .execute()
}

/** The precision of an enabled coin; unknown or disabled coins are refused (1501). */
export async function assetPrecision(db: Db, code: string): Promise<number> {
  const row = await db
    .selectFrom('asset')
    .select('precision')
    .where('code', '=', code)
    .where('enabled', '=', true)
    .executeTakeFirst()
  if (!row) throw new AppError('unsupportedChain', { msg: 'This coin is not supported' })
  return row.precision
}

/** An amount may not carry more decimals than its coin: the shared check (server/ledger/precision.ts). */
export { checkDecimals } from '../../ledger/precision'

export const ms = toMillisOrNull

/** Page helper: fetch size + 1 rows, answer { list, hasMore }. */
export function paged<T, U>(rows: T[], size: number, map: (r: T) => U): { list: U[]; hasMore: boolean } {
  return { list: rows.slice(0, size).map(map), hasMore: rows.length > size }
}
