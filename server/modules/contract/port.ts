import { fundingRate, nextFundingAt } from '@common/contract/funding'
import { add } from '@common/money/decimal'
import type { ContractPort } from '../../platform/ports/engines'
import { orderToWire } from './model'
import type { ContractService } from './service'
import { accountOf } from './wire'

/** The port in one process: the service itself, answering plain wire objects. */
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
