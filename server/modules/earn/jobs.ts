import type { Db } from '../../db/db'
import { type JobLog, JobRunner } from '../../jobs/runner'
import type { EarnService } from './service'

const TICK_MS = 5_000

/**
 * The earn schedulers ("earn-jobs"). Each pass is idempotent in the database (a reward day is
 * claimed by its (order, day) row, a state change by a conditional update, an announcement by
 * closed -> announced in the transaction that delivers), so a restart simply picks up what is due.
 *
 * Every 5 s: projects move to the state their stored times call for and due results are
 * announced; staking orders get the days due and, at the end of the cycle, their release.
 */
export class EarnJobs {
  static readonly runner = 'earn-jobs'
  private readonly jobs: JobRunner

  constructor(
    db: Db,
    private readonly svc: EarnService,
    private readonly log?: JobLog,
  ) {
    this.jobs = new JobRunner(EarnJobs.runner, db, log)
    // The service logs what fails inside a pass (and goes on): through the same logger.
    if (log) svc.attachLog(log)
  }

  start(): this {
    this.jobs.start([{ ms: TICK_MS, now: true, run: () => this.work() }])
    return this
  }

  private async work(): Promise<void> {
    const r = await this.svc.tick()
    if (r.moved || r.announced || r.settled) this.log?.info({ runner: EarnJobs.runner, ...r }, 'earn pass')
  }

  stop(): Promise<void> {
    return this.jobs.stop()
  }
}
