import type { Db } from '../../db/db'
import { EarnConsole } from './console'
import type { EarnCtx, Log } from './context'
import { Launch } from './launch'
import { Staking } from './staking'
import * as stakingRepo from './staking-repo'

const services = new WeakMap<Db, EarnService>()
/** One service per database (routes, jobs and test hooks share its test clock). */
export function earnService(db: Db): EarnService {
  let s = services.get(db)
  if (!s) {
    s = new EarnService(db)
    services.set(db, s)
  }
  return s
}

/**
 * Staking and coin subscription: one capability a file (staking.ts, launch.ts, console.ts) over
 * this shared clock and logger, and the scheduler's pass. Every balance change goes through the
 * ledger inside the transaction that changes the order, commitment or project row; the pass is
 * idempotent: a day's reward is claimed by its (order, day) row, an announcement by the project's
 * closed -> announced update, each in the transaction that posts the money.
 */
export class EarnService implements EarnCtx {
  /** Test clock (dev hooks only): milliseconds added to the wall clock. */
  offset = 0
  readonly staking = new Staking(this)
  readonly launch = new Launch(this)
  readonly console = new EarnConsole(this)

  constructor(
    readonly db: Db,
    public log?: Log,
  ) {}

  /**
   * The logger of the scheduler's failures (one order's settlement, one project's announcement).
   * The shared service is made by the routes first, without one; the jobs attach the app's.
   */
  attachLog(log: Log): void {
    this.log = log
  }

  now(): number {
    return Date.now() + this.offset
  }

  /** One scheduler pass: projects first (their times), then staking days. */
  async tick(now = this.now()): Promise<{ moved: number; announced: number; settled: number }> {
    const r = await this.advanceProjects(now)
    const settled = await this.accrueDue(now)
    return { ...r, settled }
  }

  advanceProjects(now = this.now()): Promise<{ moved: number; announced: number }> {
    return this.launch.advance(now)
  }

  /** A project's announcement (see Launch.announce); `failBeforeCommit` simulates a crash. */
  announce(id: string, now = this.now(), opts: { failBeforeCommit?: boolean } = {}) {
    return this.launch.announce(id, now, opts)
  }

  /** The orders with a day (or the end) due at `now`, each settled in its own transaction. */
  async accrueDue(now = this.now()): Promise<number> {
    let done = 0
    for (const id of await stakingRepo.dueOrders(this.db, now)) {
      try {
        if (await this.settleOrder(id, now)) done++
      } catch (err) {
        this.log?.warn({ err, order: id }, 'staking: settle failed')
      }
    }
    return done
  }

  /** Pays an order's days due and, at the end of its cycle, releases principal and rewards. */
  settleOrder(id: string, now = this.now()): Promise<'paid' | 'completed' | null> {
    return this.staking.settle(id, now)
  }
}
