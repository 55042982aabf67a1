import type { Db } from '../../db/db'
import type { EtfPricing } from './pricing'

/** What the ETF capabilities (reads, trading, the schedule, the console) share. */
export interface EtfCtx {
  readonly db: Db
  readonly pricing: EtfPricing
  /** The desk's opening funds, posted once before the first order (idempotent). */
  seedDesk(): Promise<void>
}
