import type { SpotReads } from '../../platform/ports/spot-reads'
import { fillsOf, openOrdersOf, orderHistory, orderOf, orderToWire, recentTrades } from './repo'
import { spotService } from './service'

/** The spot queries other surfaces read through the platform port (server/platform/ports/spot-reads.ts). */
export const spotReadsImpl: SpotReads = {
  async localEngine(db, market) {
    const local = spotService(db)
    local.attachMarket(market)
    await local.init()
    return local
  },
  async openOrders(db, market, holder, symbol) {
    const rows = await openOrdersOf(db, holder, symbol)
    return rows.map((r) => orderToWire(r, market.instrument(r.symbol)?.price_precision))
  },
  async order(db, market, holder, id) {
    const r = await orderOf(db, holder, id)
    return r && orderToWire(r, market.instrument(r.symbol)?.price_precision)
  },
  async history(db, market, holder, q) {
    const rows = await orderHistory(db, holder, q)
    return rows.map((r) => orderToWire(r, market.instrument(r.symbol)?.price_precision))
  },
  fills: (db, holder, q) => fillsOf(db, holder, q),
  recentTrades,
}
