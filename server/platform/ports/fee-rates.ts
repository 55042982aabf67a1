import type { DecimalString } from '@common/money/decimal'
import type { Db } from '../../db/db'
import { slot } from './slot'

/** A holder's maker and taker rates with their VIP discount, from the instrument's rates. */
export type FeeRates = (
  db: Db,
  holder: string,
  maker: DecimalString,
  taker: DecimalString,
) => { maker: DecimalString; taker: DecimalString }

/**
 * The VIP fee discount the spot and contract engines apply when an order is placed (synchronous,
 * from memory). The invite module owns the tiers (server/modules/invite/service.ts `vipFeeRates`)
 * and provides them at start-up.
 */
export const feeRates = slot<FeeRates>('VIP fee rates')

/** The rates in force for `holder` (the engines' call). */
export const vipFeeRates: FeeRates = (db, holder, maker, taker) => feeRates.get()(db, holder, maker, taker)
