import { EventEmitter } from 'node:events'
import { lastFundingAt, premiumOf } from '@common/contract/funding'
import { type AccountPosition, accountRisk } from '@common/contract/liquidation'
import type { ContractSide } from '@common/contract/schema'
import { gt, mul, normalize } from '@common/money/decimal'
import { fromUnits } from '@common/money/units'
import type { Db } from '../../db/db'
import { bookOf } from '../../engine/books'
import { CLIENT_ID_MEMORY_MS, ClientOrders } from '../../engine/client-orders'
import { GroupedMap } from '../../engine/grouped-map'
import type { OrderBook } from '../../engine/order-book'
import { AppError } from '../../http/errors'
import type { Tx } from '../../ledger/ledger'
import { indexHealth } from '../../market/index-health'
import type { MarketData } from '../../market/service'
import type { ContractEvents } from '../../platform/manifest'
import { currentPremiumSamples, insertPremiumSample, premiumSamplesOf } from './engine-repo'
import type { CInst, OrderRow, PositionRow } from './model'
import { posKey } from './model'

/**
 * The contract engine's in-memory state: instruments, books, resting orders and positions
 * (rebuilt from the database on start and after a failed transaction), the index price it marks
 * at, and the premium samples of the current funding interval. Reads only: what changes the
 * state runs inside a pass (pass.ts, settlement.ts, engine.ts).
 */
export class ContractState extends EventEmitter<ContractEvents> {
  readonly insts = new Map<string, CInst>()
  readonly books = new Map<string, OrderBook>()
  /** Resting orders, also by holder: per-holder lookups stay cheap with many open orders. */
  readonly open = new GroupedMap<number, OrderRow, 'holder'>({ holder: (o) => o.holder })
  /** Client order ids of open orders and of orders ended lately (a retry answers the first order). */
  readonly clientOrders = new ClientOrders<OrderRow>(CLIENT_ID_MEMORY_MS)
  /** Positions by key, also by holder and by symbol (risk, funding and wire views read those). */
  readonly positions = new GroupedMap<string, PositionRow, 'holder' | 'symbol'>({
    holder: (p) => p.holder,
    symbol: (p) => p.symbol,
  })
  private market: MarketData | null = null
  /** Premium samples of the current funding interval, per symbol (see funding.ts). */
  private readonly samples = new Map<string, { slot: number; list: string[] }>()

  constructor(readonly db: Db) {
    super()
    this.setMaxListeners(0)
  }

  attachMarket(market: MarketData): void {
    this.market = market
  }

  /** Index price = mark price of a symbol, null before the first tick. */
  mark(symbol: string): string | null {
    const last = this.market?.ticker(symbol)?.last
    return last && gt(last, '0') ? last : null
  }

  /**
   * Whether the symbol's index is stale (live mode, too few fresh sources): no position opens, and
   * liquidation, TP/SL and funding wait for a fresh price (docs/products/market-data.md).
   */
  indexStale(symbol: string): boolean {
    return this.market ? indexHealth(this.market).isStale(symbol) : false
  }

  /** How long a funding time waits for a fresh index before its interval is skipped (ms). */
  fundingWaitMs(): number {
    return this.market ? indexHealth(this.market).fundingWaitMs : 3_600_000
  }

  book(symbol: string): OrderBook {
    return bookOf(this.books, symbol)
  }

  inst(symbol: string): CInst {
    const i = this.insts.get(symbol)
    if (!i) throw new AppError('unknownSymbol')
    return i
  }

  position(holder: string, symbol: string, side: ContractSide): PositionRow | undefined {
    return this.positions.get(posKey(holder, symbol, side))
  }

  positionsOf(holder: string): PositionRow[] {
    return this.positions.in('holder', holder)
  }

  positionsOn(symbol: string): PositionRow[] {
    return this.positions.in('symbol', symbol)
  }

  /** Holders with at least one open position. */
  holdersWithPositions(): string[] {
    return this.positions.keysOf('holder')
  }

  openOrdersOf(holder: string, symbol?: string): OrderRow[] {
    const mine = this.open.in('holder', holder)
    return symbol ? mine.filter((o) => o.symbol === symbol) : mine
  }

  /** Lots of a position already promised to resting close orders. */
  closingLots(holder: string, symbol: string, side: ContractSide): number {
    let n = 0
    for (const o of this.open.in('holder', holder))
      if (o.symbol === symbol && o.side === side && o.kind === 'close')
        n += Number(o.lots) - Number(o.filled_lots)
    return n
  }

  /** Margin balance and maintenance margin of a holder at the current marks (null: no position). */
  riskOf(holder: string, walletBalance: string, extra: AccountPosition[] = []) {
    const list: AccountPosition[] = [...extra]
    for (const p of this.positionsOf(holder)) {
      const mark = this.mark(p.symbol) ?? p.avg_price
      const inst = this.inst(p.symbol)
      list.push({
        symbol: p.symbol,
        side: p.side,
        qty: mul(p.lots, inst.lotSize),
        entry: p.avg_price,
        mark,
        tiers: inst.tiers,
      })
    }
    return list.length ? accountRisk(walletBalance, list) : null
  }

  premiumSamples(symbol: string): string[] {
    const s = this.samples.get(symbol)
    return s && s.slot === lastFundingAt(Date.now()) ? s.list : []
  }

  /** Adds one premium sample (book mid against the index) to the current interval, and stores it. */
  async samplePremium(symbol: string): Promise<void> {
    const inst = this.insts.get(symbol)
    const index = this.mark(symbol)
    const b = this.books.get(symbol)
    if (!inst || !index || !b) return
    const bid = b.bestBid()
    const ask = b.bestAsk()
    const p = premiumOf(
      bid === null ? null : fromUnits(bid, inst.pp),
      ask === null ? null : fromUnits(ask, inst.pp),
      index,
    )
    if (p === null) return
    const slot = lastFundingAt(Date.now())
    const cur = this.samples.get(symbol)
    if (!cur || cur.slot !== slot) this.samples.set(symbol, { slot, list: [p] })
    else cur.list.push(p)
    await insertPremiumSample(this.db, symbol, slot, p)
  }

  /**
   * The samples of the funding interval that started at `slot`, from the database (so an interval
   * that ended before a restart keeps its samples): what the round paid at the interval's end uses.
   */
  samplesOf(db: Tx, symbol: string, slot: number): Promise<string[]> {
    return premiumSamplesOf(db, symbol, slot)
  }

  /** The current interval's samples from the database (after a restart). */
  protected async loadSamples(): Promise<void> {
    const slot = lastFundingAt(Date.now())
    this.samples.clear()
    for (const r of await currentPremiumSamples(this.db, slot)) {
      const cur = this.samples.get(r.symbol) ?? { slot, list: [] }
      cur.list.push(normalize(r.premium))
      this.samples.set(r.symbol, cur)
    }
  }
}
