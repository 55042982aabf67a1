import type { Db } from '../../db/db'
import { type JobLog, JobRunner } from '../../jobs/runner'
import { sendToUser } from '../../platform/notify/sender'
import { loadVapid } from '../../platform/notify/vapid'
import { leftOf } from './model'
import { reminderText } from './push-texts'
import type { LoanService } from './service'

const EVERY_MS = 60_000
const NONE = { extended: 0, unpaid: 0, reminded: 0 }

/**
 * The loan scheduler ("loan-jobs"). Every minute: the overdue pass (extension once, then unpaid;
 * each change re-checked on the locked row) and the reminders 3 days and 1 day before due (each
 * claimed in the database before it is sent, so a restart never repeats one). Both are idempotent.
 */
export class LoanJobs {
  static readonly runner = 'loan-jobs'
  private readonly jobs: JobRunner

  constructor(
    private readonly db: Db,
    private readonly svc: LoanService,
    private readonly log?: JobLog,
  ) {
    this.jobs = new JobRunner(LoanJobs.runner, svc, log)
  }

  start(): this {
    this.jobs.start([{ ms: EVERY_MS, now: true, run: () => this.run(this.svc.now()) }])
    return this
  }

  /** One pass; none while another runs. */
  async tick(now = this.svc.now()): Promise<{ extended: number; unpaid: number; reminded: number }> {
    return (await this.jobs.once(() => this.run(now))) ?? NONE
  }

  private async run(now: number) {
    const overdue = await this.svc.runOverdue(now)
    if (overdue.extended || overdue.unpaid) this.log?.info(overdue, 'loans overdue')
    const due = await this.svc.claimReminders(now)
    if (due.length) {
      const vapid = await loadVapid(this.db)
      for (const { order, days } of due) {
        const dp = await this.svc.precision(order.coin)
        const values = {
          left: leftOf(order, dp, now),
          coin: order.coin,
          day: order.due_day ?? '',
          days: String(days),
        }
        await sendToUser(this.db, vapid, order.user_id, (lang) => ({
          ...reminderText(lang, values),
          icon: '/icons/icon-192.png',
          tag: `loan-${order.id}-${days}`,
          url: `/#/pages/loan/repayment?id=${order.id}`,
        })).catch((err) => this.log?.warn({ err }, 'loan reminder not sent'))
      }
    }
    return { ...overdue, reminded: due.length }
  }

  stop(): Promise<void> {
    return this.jobs.stop()
  }
}
