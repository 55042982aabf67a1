import { fundingRate, nextFundingAt } from '@common/contract/funding'
import { add } from '@common/money/decimal'
import type {
  ContractAccount,
  ContractInfo,
  ContractOrder,
  ContractPlaceInput,
  ContractPosition,
  ContractSide,
  contractCloseSchema,
  contractTpslSchema,
} from '@common/contract/schema'
import type { DepthSnapshot } from '@common/spot/schema'
import type * as v from 'valibot'
import { orderToWire } from './model'
import type { ContractService } from './service'
import { accountOf } from './wire'

/**
 * What the HTTP layer asks of the perpetual engine: the use cases and the reads that come from
 * its memory (open orders, positions, account, open interest, funding samples). One process
 * calls the service directly (`localContract`); a gateway sends each call to the core that owns
 * the engine (cluster/remote-engines.ts), which runs the same `localContract` there. Results are
 * plain wire objects either way.
 */
export interface ContractPort {
  place(holder: string, input: ContractPlaceInput): Promise<ContractOrder>
  cancel(holder: string, id: string): Promise<ContractOrder>
  cancelAll(holder: string, symbol?: string): Promise<number>
  close(holder: string, input: v.InferOutput<typeof contractCloseSchema>): Promise<ContractOrder>
  closeAll(holder: string, symbol?: string): Promise<number>
  reverse(holder: string, symbol: string, side: ContractSide): Promise<ContractOrder>
  /** Sets TP/SL and answers the position as it is then (null: none). */
  tpsl(holder: string, input: v.InferOutput<typeof contractTpslSchema>): Promise<ContractPosition | null>
  openOrders(holder: string, symbol?: string): Promise<ContractOrder[]>
  positions(holder: string, symbol?: string): Promise<ContractPosition[]>
  account(holder: string): Promise<ContractAccount>
  info(symbol: string): Promise<ContractInfo>
  fundingRate(symbol: string): Promise<string>
  depth(symbol: string, limit: number): DepthSnapshot
}

/** The operations a core runs for a gateway (the port's async methods). */
export const CONTRACT_OPS = [
  'place',
  'cancel',
  'cancelAll',
  'close',
  'closeAll',
  'reverse',
  'tpsl',
  'openOrders',
  'positions',
  'account',
  'info',
  'fundingRate',
] as const satisfies readonly (keyof ContractPort)[]

export function localContract(svc: ContractService): ContractPort {
  const rate = (symbol: string) => {
    const inst = svc.inst(symbol)
    return fundingRate(svc.premiumSamples(symbol), inst.rawTiers[0]?.mmr ?? '0.004')
  }
  const positionsOf = async (holder: string, symbol?: string) => {
    await svc.init()
    const bal = await svc.walletOf(holder)
    const w = add(bal.available, bal.frozen)
    return svc
      .positionsOf(holder)
      .filter((p) => !symbol || p.symbol === symbol)
      .map((p) => svc.wirePosition(p, w))
  }
  return {
    place: (holder, input) => svc.place(holder, input),
    cancel: (holder, id) => svc.cancel(holder, id),
    cancelAll: (holder, symbol) => {
      if (symbol) svc.inst(symbol)
      return svc.cancelAll(holder, symbol)
    },
    close: (holder, input) => svc.close(holder, input),
    closeAll: (holder, symbol) => svc.closeAll(holder, symbol),
    reverse: (holder, symbol, side) => svc.reverse(holder, symbol, side),
    tpsl: async (holder, input) => {
      await svc.setTpsl(holder, input)
      const p = svc.position(holder, input.symbol, input.side)
      const bal = await svc.walletOf(holder)
      return p ? svc.wirePosition(p, add(bal.available, bal.frozen)) : null
    },
    openOrders: async (holder, symbol) => {
      await svc.init()
      return svc.openOrdersOf(holder, symbol).map((o) => orderToWire(o, svc.inst(o.symbol).pp))
    },
    positions: positionsOf,
    account: async (holder) => {
      await svc.init()
      return accountOf(svc, holder, await svc.walletOf(holder))
    },
    info: async (symbol) => {
      svc.inst(symbol)
      let oi = 0
      for (const p of svc.positionsOn(symbol)) if (p.side === 'long') oi += Number(p.lots)
      return {
        symbol,
        indexPrice: svc.mark(symbol),
        fundingRate: rate(symbol),
        nextFundingAt: nextFundingAt(Date.now()),
        openInterest: String(oi),
      }
    },
    fundingRate: async (symbol) => rate(symbol),
    depth: (symbol, limit) => {
      svc.inst(symbol)
      return svc.depth(symbol, limit)
    },
  }
}
