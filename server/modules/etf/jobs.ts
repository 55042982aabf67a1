import { type JobLog, JobRunner } from '../../jobs/runner'
import type { EtfService } from './service'

const TICK_MS = 5000

export interface EtfPass {
  launched: string[]
  daily: string[]
  intraday: string[]
  navPoints: number
}

/**
 * The ETF scheduler ("etf-jobs"). Every 5 s one pass: launch products whose prices arrived, the
 * daily rebalance of the latest 00:00 UTC+8 slot, intraday rebalances, and the NAV point of the
 * current minute. Every step is idempotent in the database (the (product, slot) rebalance row and
 * the (product, minute) NAV row are claims), so a restart, or two passes, never rebalance or
 * record twice.
 */
export class EtfJobs {
  static readonly runnerName = 'etf-jobs'
  private readonly jobs: JobRunner

  constructor(
    private readonly svc: EtfService,
    private readonly log?: JobLog,
  ) {
    this.jobs = new JobRunner(EtfJobs.runnerName, svc, log)
  }

  static async pass(svc: EtfService, now: number): Promise<EtfPass> {
    await svc.seedDesk()
    const launched = await svc.schedule.launchPending(now)
    const daily = await svc.schedule.daily(now)
    const intraday = await svc.schedule.intraday(now)
    const navPoints = await svc.schedule.recordNav(now)
    return { launched, daily, intraday, navPoints }
  }

  start(): this {
    this.jobs.start([
      {
        ms: TICK_MS,
        run: async () => {
          const r = await EtfJobs.pass(this.svc, Date.now())
          if (r.launched.length || r.daily.length || r.intraday.length)
            this.log?.info({ ...r, runner: EtfJobs.runnerName }, 'etf rebalance')
        },
      },
    ])
    return this
  }

  stop(): Promise<void> {
    return this.jobs.stop()
  }
}
