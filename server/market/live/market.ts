import type { Db } from '../../db/db'
import type { IndexFeed } from '../feed'
import { attachHealth, IndexHealth } from '../index-health'
import { MarketData, type MarketOptions } from '../service'
import type { MarketDataConfig } from './config'
import { LiveIndexFeed, liveRules } from './feed'

type Log = NonNullable<MarketOptions['log']>

/**
 * Market data in live mode (MARKET_DATA=live): the same candles and tickers, but this process's
 * own index source is the live feed from the configured exchanges instead of the simulator (a
 * cluster core that becomes the index leader switches to it the same way). Its IndexHealth
 * (`indexHealth(market)`) knows each instrument's sources and rule.
 */
export class LiveMarketData extends MarketData {
  readonly health: IndexHealth
  private log: Log | null = null

  constructor(
    db: Db,
    opts: MarketOptions,
    readonly live: MarketDataConfig,
  ) {
    super(db, opts)
    this.health = new IndexHealth(opts.now)
    attachHealth(this, this.health)
  }

  override setLog(log: Log): void {
    super.setLog(log)
    this.log = log
  }

  override async load(): Promise<void> {
    await super.load()
    this.health.goLive(
      liveRules(
        this.live,
        this.instruments().map((i) => i.symbol),
      ),
      this.live,
    )
  }

  /** The live feed: what `start()` runs by default and an index leader switches to. */
  override simulatedFeed(): IndexFeed {
    const log = this.log
    return new LiveIndexFeed(
      this.live,
      this.instruments().map((i) => ({ symbol: i.symbol, pricePrecision: i.pricePrecision })),
      this.health,
      log ? { info: (o, m) => log.info(o, m), warn: (o, m) => log.error(o, m) } : undefined,
    )
  }
}
