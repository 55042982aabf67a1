import { schedulerPass, schedulerStarted, schedulerStopped } from '../platform/metrics/scheduler'

export interface JobLog {
  warn(o: unknown, m?: string): void
  info(o: unknown, m?: string): void
}

export interface Every {
  /** Interval between starts. */
  ms: number
  run: () => Promise<unknown>
  /** Also run once at start. */
  now?: boolean
}

/** Runner names started in this process, per owner (the service or database they act on). */
const started = new Map<string, WeakSet<object>>()

/**
 * One named scheduler (e.g. "loan-jobs") with its timers. The exchange holds one process per
 * database (server/db/exclusive.ts) and a second start of the same name on the same owner in one
 * process is refused, so a scheduler has one runner; its passes must still be idempotent in the
 * database, so a restart picks up what is due. Passes never overlap: one still running makes the
 * next timer skip, and `stop` waits for it.
 */
export class JobRunner {
  private timers: ReturnType<typeof setInterval>[] = []
  private inFlight: Promise<unknown> | null = null

  constructor(
    readonly name: string,
    private readonly owner: object,
    private readonly log?: JobLog,
  ) {}

  start(jobs: Every[]): void {
    const owners = started.get(this.name) ?? new WeakSet<object>()
    if (owners.has(this.owner)) throw new Error(`${this.name} already running in this process`)
    owners.add(this.owner)
    started.set(this.name, owners)
    schedulerStarted(this.name, Math.min(...jobs.map((j) => j.ms)))
    for (const job of jobs) {
      const t = setInterval(() => void this.once(job.run), job.ms)
      t.unref?.()
      this.timers.push(t)
      if (job.now) void this.once(job.run)
    }
  }

  /** Runs one pass unless another is in flight (then undefined); a failure is logged, not thrown. */
  async once<T>(run: () => Promise<T>): Promise<T | undefined> {
    if (this.inFlight) return undefined
    const p = run()
    this.inFlight = p
    try {
      const result = await p
      schedulerPass(this.name, true)
      return result
    } catch (err) {
      schedulerPass(this.name, false)
      this.log?.warn({ err, runner: this.name }, `${this.name}: pass failed`)
      return undefined
    } finally {
      this.inFlight = null
    }
  }

  /** Stops the timers and waits for a pass in flight. */
  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t)
    this.timers = []
    if (this.inFlight) await this.inFlight.catch(() => undefined)
    started.get(this.name)?.delete(this.owner)
    schedulerStopped(this.name)
  }
}
