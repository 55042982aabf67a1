import { type JobLog, JobRunner } from '../../jobs/runner'
import { c2cScheduledPassHeld } from './core'
import type { C2cService } from './service'

const EVERY_MS = 10_000

/**
 * The C2C scheduler ("c2c-jobs"): every 10 s, unpaid orders past their payment window are
 * cancelled and their escrow returns to the seller (each re-checked on the locked row, so a pass
 * after a restart, or racing a payment, does nothing twice). Nothing here ever releases coins.
 */
export class C2cJobs {
  static readonly runner = 'c2c-jobs'
  private readonly jobs: JobRunner

  constructor(
    private readonly svc: C2cService,
    private readonly log?: JobLog,
  ) {
    this.jobs = new JobRunner(C2cJobs.runner, svc, log)
  }

  start(): this {
    // A test holding the scheduled pass (dev routes only) runs it itself through tick().
    const run = () => (c2cScheduledPassHeld() ? Promise.resolve({ timedOut: 0 }) : this.run(this.svc.now()))
    this.jobs.start([{ ms: EVERY_MS, now: true, run }])
    return this
  }

  /** One pass; none while another runs. */
  async tick(now = this.svc.now()): Promise<{ timedOut: number }> {
    return (await this.jobs.once(() => this.run(now))) ?? { timedOut: 0 }
  }

  private async run(now: number) {
    const timedOut = await this.svc.runTimeouts(now)
    if (timedOut) this.log?.info({ timedOut }, 'c2c orders timed out')
    return { timedOut }
  }

  stop(): Promise<void> {
    return this.jobs.stop()
  }
}
