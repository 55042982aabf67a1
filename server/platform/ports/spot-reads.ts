import type { PublicTrade, SpotFill, SpotOrder } from '@common/spot/schema'
import type { Db } from '../../db/db'
import type { MarketData } from '../../market/service'
import type { SpotPort } from './engines'
import { slot } from './slot'

/** A page of a holder's orders or fills, newest first (`before`: the last id seen). */
export interface SpotPageQuery {
  symbol?: string
  before?: string
  limit: number
}

/**
 * What another surface of the exchange (the HollaEx-compatible API, server/modules/hollaex) needs
 * of spot trading besides the engine port: the same queries the spot routes answer with, as wire
 * objects. The spot module provides it (server/modules/spot/reads.ts).
 */
export interface SpotReads {
  /** The in-process spot engine, its books loaded (where no remote port is given). */
  localEngine(db: Db, market: MarketData): Promise<SpotPort>
  openOrders(db: Db, market: MarketData, holder: string, symbol?: string): Promise<SpotOrder[]>
  /** One of the holder's orders (undefined: none of theirs has this id). */
  order(db: Db, market: MarketData, holder: string, id: string): Promise<SpotOrder | undefined>
  history(db: Db, market: MarketData, holder: string, q: SpotPageQuery): Promise<SpotOrder[]>
  fills(db: Db, holder: string, q: SpotPageQuery): Promise<SpotFill[]>
  recentTrades(db: Db, symbol: string, limit: number): Promise<PublicTrade[]>
}

export const spotReads = slot<SpotReads>('spot reads')
