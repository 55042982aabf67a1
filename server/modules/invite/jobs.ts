import type { InviteService } from './service'

/** How often the scheduler looks whether the day's pass is due (it acts only 00:00-08:00 UTC+8). */
const EVERY_MS = 5 * 60_000
type Log = { warn(o: unknown, m?: string): void; info(o: unknown, m?: string): void }

/**
 * The invitation scheduler, one named runner ("invite-jobs") per process (the exchange holds one
 * process per database, server/db/exclusive.ts; a flag keeps a second start in the same process
 * out). Every 5 minutes between 00:00 and 08:00 UTC+8: yesterday's VIP snapshot and the rebates
 * of the days not paid yet. Each day of each is claimed by a row (invite_run) in the transaction
 * that does it, so a restart or a second pass never repeats one.
 */
export class InviteJobs {
  static readonly runner = 'invite-jobs'
  static running = new WeakSet<InviteService>()
  private timer: ReturnType<typeof setInterval> | null = null
  private busy: Promise<unknown> | null = null

  constructor(
    private readonly svc: InviteService,
    private readonly log?: Log,
  ) {}

  start(): this {
    if (InviteJobs.running.has(this.svc))
      throw new Error(`${InviteJobs.runner} already running in this process`)
    InviteJobs.running.add(this.svc)
    this.timer = setInterval(() => void this.tick(), EVERY_MS)
    this.timer.unref?.()
    void this.tick()
    return this
  }

  /** One pass; a pass still running makes this one skip. */
  async tick(now = this.svc.now()) {
    const none = { day: null, snapshot: 0, paid: 0, rebates: 0 }
    if (this.busy) return none
    const run = this.svc.runDaily(now)
    this.busy = run
    try {
      const r = await run
      if (r.snapshot || r.paid) this.log?.info({ runner: InviteJobs.runner, ...r }, 'invite daily pass')
      return r
    } catch (err) {
      this.log?.warn({ err }, `${InviteJobs.runner}: pass failed`)
      return none
    } finally {
      this.busy = null
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    if (this.busy) await this.busy.catch(() => undefined)
    InviteJobs.running.delete(this.svc)
  }
}
