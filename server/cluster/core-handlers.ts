import {
  contractCancelSchema,
  contractCloseSchema,
  contractPlaceSchema,
  contractReverseSchema,
  contractTpslSchema,
} from '@common/contract/schema'
import { symbolSchema } from '@common/market/schema'
import { idString, ocoOrderSchema, placeOrderSchema } from '@common/spot/schema'
import * as v from 'valibot'
import { AppError } from '../http/errors'
import type { MarketData } from '../market/service'
import type { LocalSpotEngine } from '../platform/manifest'
import type { ContractPort } from '../platform/ports/engines'
import { CONTRACT_UNIT, spotUnit } from './shares'

export type UnitHandler = (args: unknown[], unit: string) => Promise<unknown>

const holder = v.pipe(v.string(), v.minLength(1), v.maxLength(128))
const optSymbol = v.nullish(symbolSchema)
const id = contractCancelSchema.entries.id

/** The arguments of each operation, checked again on the core with the shared schemas: nothing from the broker is trusted. */
const CONTRACT_ARGS = {
  place: v.tuple([holder, contractPlaceSchema]),
  cancel: v.tuple([holder, id]),
  cancelAll: v.tuple([holder, optSymbol]),
  close: v.tuple([holder, contractCloseSchema]),
  closeAll: v.tuple([holder, optSymbol]),
  reverse: v.tuple([holder, contractReverseSchema.entries.symbol, contractReverseSchema.entries.side]),
  tpsl: v.tuple([holder, contractTpslSchema]),
  openOrders: v.tuple([holder, optSymbol]),
  positions: v.tuple([holder, optSymbol]),
  account: v.tuple([holder]),
  info: v.tuple([symbolSchema]),
  fundingRate: v.tuple([symbolSchema]),
} satisfies Record<Exclude<keyof ContractPort, 'depth'>, v.GenericSchema>

function args<S extends v.GenericSchema>(schema: S, raw: unknown[]): v.InferOutput<S> {
  const r = v.safeParse(schema, raw)
  if (!r.success) throw new AppError('invalidField')
  return r.output
}

/**
 * What a core runs for the gateways: the same use cases the routes call in one process, after
 * checking the command reached the owner of its market (a stream is per unit, and a market's
 * unit never changes, so a mismatch is a bug: refused, not executed on a book that is not ours).
 */
export function coreHandlers(
  spot: LocalSpotEngine,
  contract: ContractPort,
  market: MarketData,
): Record<string, UnitHandler> {
  const spotOf = (symbol: string, unit: string) => {
    if (market.instrument(symbol)?.category !== 'spot') throw new AppError('unknownSymbol')
    if (spotUnit(symbol) !== unit) throw new Error(`spot command for ${symbol} on ${unit}`)
  }
  const handlers: Record<string, UnitHandler> = {
    'spot.place': async (raw, unit) => {
      const [h, input] = args(v.tuple([holder, placeOrderSchema]), raw)
      spotOf(input.symbol, unit)
      return spot.place(h, input)
    },
    'spot.cancel': async (raw, unit) => {
      const [h, orderId, symbol] = args(v.tuple([holder, idString, symbolSchema]), raw)
      spotOf(symbol, unit)
      const open = spot.symbolOfOpen(orderId)
      if (open !== undefined && open !== symbol) throw new AppError('orderNotFound')
      return spot.cancel(h, orderId)
    },
    'spot.oco': async (raw, unit) => {
      const [h, input] = args(v.tuple([holder, ocoOrderSchema]), raw)
      spotOf(input.symbol, unit)
      return spot.oco(h, input)
    },
    'spot.cancelAll': async (raw, unit) => {
      const [h, symbol] = args(v.tuple([holder, symbolSchema]), raw)
      spotOf(symbol, unit)
      return spot.cancelAll(h, symbol)
    },
  }
  for (const [op, schema] of Object.entries(CONTRACT_ARGS)) {
    handlers[`contract.${op}`] = async (raw, unit) => {
      if (unit !== CONTRACT_UNIT) throw new Error(`contract command on ${unit}`)
      const list = (args(schema, raw) as unknown[]).map((a) => a ?? undefined)
      const fn = contract[op as keyof typeof CONTRACT_ARGS] as (...a: unknown[]) => Promise<unknown>
      return fn(...list)
    }
  }
  return handlers
}
