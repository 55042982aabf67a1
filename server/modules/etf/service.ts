import type { Db } from '../../db/db'
import type { MarketData } from '../../market/service'
import { EtfConsole } from './console'
import type { EtfCtx } from './context'
import { seedDesk } from './desk'
import { EtfPricing } from './pricing'
import { EtfReads } from './reads'
import { EtfRebalance } from './rebalance'
import { EtfTrade } from './trade'

/**
 * ETF use cases (issue 15), one capability a file: NAV from index prices (pricing.ts), reads
 * (reads.ts), subscribe and redeem at NAV against the desk (trade.ts, desk.ts), launch, daily and
 * intraday rebalances and NAV history (rebalance.ts), and the console (console.ts).
 */
export class EtfService implements EtfCtx {
  readonly pricing: EtfPricing
  readonly reads: EtfReads
  readonly trade: EtfTrade
  readonly schedule: EtfRebalance
  readonly console: EtfConsole
  private seeded: Promise<void> | null = null

  constructor(
    readonly db: Db,
    readonly market: MarketData,
  ) {
    this.pricing = new EtfPricing(market)
    this.reads = new EtfReads(this)
    this.trade = new EtfTrade(this)
    this.schedule = new EtfRebalance(this)
    this.console = new EtfConsole(this, this.reads, this.schedule)
  }

  /** The desk's opening funds, once per process (and once in the database: desk.ts). */
  seedDesk(): Promise<void> {
    this.seeded ??= seedDesk(this.db)
    return this.seeded
  }
}

const services = new WeakMap<Db, EtfService>()

/** One service per database (the routes, the scheduler and the test hooks share it). */
export function etfService(db: Db, market: MarketData): EtfService {
  let s = services.get(db)
  if (!s) {
    s = new EtfService(db, market)
    services.set(db, s)
  }
  return s
}
