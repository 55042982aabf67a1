import type { Config } from '../config'
import type { Db } from '../db/db'
import type { MarketData } from '../market/service'
import type { EnginePorts } from './ports/engines'

/** What every module's routes are given (server/modules/index.ts registers them under /api). */
export interface ModuleDeps {
  config: Config
  db: Db
  startedAt: number
  market: MarketData
  /** Remote engines on a gateway (ROLE=gateway); absent, the in-process services. */
  engines?: EnginePorts
}
