import { lastFundingAt } from '@common/contract/funding'
import type { Db } from '../../db/db'
import { type JobLog, JobRunner } from '../../jobs/runner'
import type { MarketData } from '../../market/service'
import { observeLiquidationScan } from '../../platform/metrics/registry'
import { runFunding } from './funding'
import { contractRisk } from './risk'
import type { ContractService } from './service'

const TICK_MS = 1000
const SAMPLE_MS = 60_000
const SWEEP_MS = 10_000
/** A funding time missed by more than this (server down) is skipped, not paid late. */
const FUNDING_GRACE_MS = 3_600_000

/**
 * The contract schedulers ("contract-jobs"); every job is idempotent in the database (funding rounds are claimed per (symbol, ts);
 * TP/SL and liquidation re-check their condition inside their transaction).
 *
 * - every second: for each perpetual whose index moved, the house quotes follow it, then the
 *   liquidation scan, the TP/SL triggers and the fund's unwind of what it took over;
 * - every minute: a premium sample (book mid against the index) for the funding rate;
 * - every 10 s: the full exact liquidation sweep, the fund's unwind, and the funding round if a funding time
 *   (00:00, 08:00, 16:00 UTC+8) has passed and is not paid yet.
 */
export class ContractJobs {
  private readonly jobs: JobRunner
  private readonly lastIndex = new Map<string, string>()
  /** Funding times already claimed by this process (the database claim is the real guard). */
  private readonly paid = new Set<string>()

  constructor(
    private readonly db: Db,
    private readonly svc: ContractService,
    private readonly market: MarketData,
    private readonly log?: JobLog,
  ) {
    this.jobs = new JobRunner('contract-jobs', svc, log)
  }

  start(): this {
    this.jobs.start([
      { ms: TICK_MS, run: () => this.onTick() },
      {
        ms: SAMPLE_MS,
        run: async () => {
          for (const s of this.symbols()) await this.svc.samplePremium(s)
        },
      },
      {
        ms: SWEEP_MS,
        run: async () => {
          await contractRisk(this.db, this.svc).sweep()
          for (const s of this.symbols()) await this.svc.unwindFund(s)
          await this.fundingDue(Date.now())
        },
      },
    ])
    return this
  }

  private symbols(): string[] {
    return this.market
      .instruments()
      .filter((i) => i.category === 'perpetual')
      .map((i) => i.symbol)
  }

  private async onTick(): Promise<void> {
    const risk = contractRisk(this.db, this.svc)
    for (const s of this.symbols()) {
      const index = this.svc.mark(s)
      if (!index || this.lastIndex.get(s) === index) continue
      this.lastIndex.set(s, index)
      // House quotes first (docs/products/perpetual.md, "Price protection"), then liquidations, TP/SL, the fund's unwind.
      await this.svc.followIndex(s)
      const t0 = process.hrtime.bigint()
      const n = await risk.scan(s)
      observeLiquidationScan(t0)
      if (n) this.log?.info({ symbol: s, index, n }, 'contract liquidations')
      await this.svc.runTriggers(s)
      await this.svc.unwindFund(s)
    }
  }

  async fundingDue(now: number): Promise<void> {
    const slot = lastFundingAt(now)
    if (now - slot > FUNDING_GRACE_MS) return
    for (const s of this.symbols()) {
      const key = `${s}@${slot}`
      if (this.paid.has(key)) continue
      const r = await runFunding(this.svc, s, slot)
      if (r) this.log?.info({ symbol: s, rate: r.rate }, 'funding round')
      // Claimed now or earlier (null also when the index is not there yet or stale: then try again).
      if (r || (this.svc.mark(s) && !this.svc.indexStale(s))) this.paid.add(key)
    }
  }

  stop(): Promise<void> {
    return this.jobs.stop()
  }
}
