import type { LockConnection } from './locks'
import { fairShare, leaderUnit, unitsToTry } from './shares'

export interface OwnershipLog {
  info(o: unknown, m?: string): void
  warn(o: unknown, m?: string): void
}

export interface OwnershipOptions {
  /** Market units that exist now (instruments can be added by the console). */
  units: () => string[]
  /** Leader names (index feed, schedulers): each is held by one core at a time. */
  leaders: readonly string[]
  /**
   * Called once a unit is locked, before the core serves it: rebuild the book from the database,
   * start a scheduler. Commands for the unit wait in its stream until this resolves.
   */
  onAcquire: (unit: string) => Promise<void>
  /** Where the owner of each unit is advertised to gateways (a hint: the lock is the truth). */
  advertise?: (owned: string[], ttlMs: number) => Promise<void>
  /**
   * Rebalancing: a core above its fair share hands back units `releasable` accepts (spot
   * markets), after `onRelease` has stopped its work on them; a core with fewer takes them.
   */
  releasable?: (unit: string) => boolean
  onRelease?: (unit: string) => Promise<void>
  periodMs?: number
  log?: OwnershipLog
}

/**
 * The core's side of market ownership: every `periodMs` (2 s) it counts the live cores, tries to
 * lock free market units and leader locks up to its fair share of each, and runs `onAcquire`
 * for each unit it got; a core above its share hands back releasable units (spot markets) so a
 * core that started later gets its part. The lock goes with the core's connection, so a
 * surviving core takes a dead core's units over within one period of PostgreSQL noticing.
 */
export class Ownership {
  private readonly owned = new Set<string>()
  private timer: ReturnType<typeof setTimeout> | null = null
  private running = false
  private pass: Promise<void> = Promise.resolve()

  constructor(
    private readonly locks: LockConnection,
    private readonly opts: OwnershipOptions,
  ) {}

  owns(unit: string): boolean {
    return this.owned.has(unit)
  }

  list(): string[] {
    return [...this.owned].sort()
  }

  /**
   * Starts the periodic passes. The first one runs after one period, so cores started together
   * see each other (their lock connections are open by then) before taking their shares.
   */
  start(): void {
    if (this.running) return
    this.running = true
    this.schedule()
  }

  private schedule(): void {
    if (!this.running) return
    this.timer = setTimeout(() => {
      this.pass = this.once().finally(() => this.schedule())
    }, this.opts.periodMs ?? 2000)
    this.timer.unref?.()
  }

  /**
   * One pass (exposed for tests): leader locks and market units, each spread by fair share over
   * the live cores (a lone core takes everything that is free).
   */
  async once(): Promise<void> {
    try {
      const live = await this.locks.liveCores()
      const nodeId = this.locks.nodeId
      const leaders = this.opts.leaders.map(leaderUnit)
      const markets = this.opts.units()
      await this.releaseExcess(markets, live)
      for (const units of [leaders, markets]) {
        const { room, candidates } = unitsToTry({ units, owned: this.owned, liveCores: live, nodeId })
        let taken = 0
        for (const unit of candidates) {
          if (taken >= room) break
          if (await this.locks.tryLock(unit)) {
            await this.adopt(unit)
            taken++
          }
        }
      }
      await this.opts.advertise?.(this.list(), 3 * (this.opts.periodMs ?? 2000))
    } catch (err) {
      this.opts.log?.warn({ err }, 'ownership pass failed')
    }
  }

  /** Hands back what is above the fair share (a core that started later takes it on its next pass). */
  private async releaseExcess(markets: string[], live: number): Promise<void> {
    const { releasable, onRelease } = this.opts
    if (!releasable || !onRelease) return
    const mine = markets.filter((u) => this.owned.has(u))
    let excess = mine.length - fairShare(markets.length, live)
    for (const unit of mine.filter(releasable).reverse()) {
      if (excess <= 0) break
      // Not ours from here on: no new command or maker pass starts on it.
      this.owned.delete(unit)
      try {
        await onRelease(unit)
      } finally {
        await this.locks.unlock(unit)
      }
      this.opts.log?.info({ unit }, `handed back ${unit}`)
      excess--
    }
  }

  private async adopt(unit: string): Promise<void> {
    try {
      await this.opts.onAcquire(unit)
      this.owned.add(unit)
      this.opts.log?.info({ unit }, `owning ${unit}`)
    } catch (err) {
      // Not served half-built: give the lock back so this or another core tries again.
      this.opts.log?.warn({ err, unit }, `could not take ${unit}`)
      await this.locks.unlock(unit)
    }
  }

  async stop(): Promise<void> {
    this.running = false
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.pass
  }
}
