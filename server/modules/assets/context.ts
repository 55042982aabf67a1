import { randomUUID } from 'node:crypto'
import { toMillisOrNull } from '@common/time/time'
import type { Config } from '../../config'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import type { MarketData } from '../../market/service'
import { enabledAssets, enabledPrecision } from './repo'

export interface AssetsCtx {
  db: Db
  config: Config
  market: MarketData
}

export const newId = (): string => randomUUID()

/** Enabled coins of the platform with their precision, in display order. */
export const listAssets = enabledAssets

/** The precision of an enabled coin; unknown or disabled coins are refused (1501). */
export async function assetPrecision(db: Db, code: string): Promise<number> {
  const precision = await enabledPrecision(db, code)
  if (precision === undefined) throw new AppError('unsupportedChain', { msg: 'This coin is not supported' })
  return precision
}

/** An amount may not carry more decimals than its coin: the shared check (server/ledger/precision.ts). */
export { checkDecimals } from '../../ledger/precision'

export const ms = toMillisOrNull

/** A feed page as the wire sends it: the rows mapped, and whether another page follows. */
export function feed<T, U>(
  page: { rows: T[]; hasMore: boolean },
  map: (r: T) => U,
): { list: U[]; hasMore: boolean } {
  return { list: page.rows.map(map), hasMore: page.hasMore }
}
