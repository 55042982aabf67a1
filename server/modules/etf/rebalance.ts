import { LAUNCH_NAV, lastRebalanceAt, needsIntradayRebalance } from '@common/etf/nav'
import type { EtfCtx } from './context'
import { launched, levState } from './pricing'
import * as repo from './repo'

const MINUTE = 60_000

/**
 * The scheduler's work, each step idempotent in the database: launch (the NAV reference once the
 * prices are there), the daily rebalance of the latest 00:00 UTC+8 slot and intraday rebalances
 * (the (product, slot) row is the claim), and the NAV point of each minute.
 */
export class EtfRebalance {
  /** Daily slots this process has seen claimed (the database row is the real guard). */
  private readonly dailyDone = new Set<string>()

  constructor(private readonly etf: EtfCtx) {}

  /** Sets the NAV reference of products not launched yet whose prices are all there. */
  async launchPending(now = Date.now()): Promise<string[]> {
    const done: string[] = []
    for (const p of await repo.products(this.etf.db)) {
      if (launched(p) || p.status === 'closed') continue
      const ok = await this.etf.db.transaction().execute(async (trx) => {
        const r = await repo.productOf(trx, p.code, true)
        if (launched(r) || r.status === 'closed') return false
        const set = this.etf.pricing.referenceAt(r, LAUNCH_NAV)
        if (!set) return false
        await repo.updateProduct(trx, r.code, {
          ...set,
          rebalanced_at: new Date(now),
          updated_at: new Date(now),
        })
        await repo.insertRebalance(trx, {
          product: r.code,
          kind: 'launch',
          slot: 0,
          nav: LAUNCH_NAV,
          price: set.p_reb ?? null,
          components: set.components ?? null,
        })
        return true
      })
      if (ok) done.push(p.code)
    }
    return done
  }

  /**
   * The daily rebalance of the slot at or before `now` (00:00 UTC+8), for every launched, open
   * product that was last rebalanced before that slot. The (product, slot) row is the claim: a
   * second run, in this process or after a restart, finds it and does nothing.
   */
  async daily(now = Date.now()): Promise<string[]> {
    const slot = lastRebalanceAt(now)
    const done: string[] = []
    for (const p of await repo.products(this.etf.db)) {
      if (!launched(p) || p.status === 'closed') continue
      const key = `${p.code}@${slot}`
      if (this.dailyDone.has(key)) continue
      const r = await this.rebalanceOne(p.code, 'daily', slot, now)
      if (r !== null) this.dailyDone.add(key)
      if (r) done.push(p.code)
    }
    return done
  }

  /** Leveraged products whose index moved INTRADAY_MOVE from the last rebalance: rebalanced now. */
  async intraday(now = Date.now()): Promise<string[]> {
    const done: string[] = []
    for (const p of await repo.products(this.etf.db)) {
      if (p.kind !== 'leveraged' || !launched(p) || p.status === 'closed' || !p.underlying) continue
      if (!this.movedEnough(p)) continue
      if (await this.rebalanceOne(p.code, 'intraday', now, now)) done.push(p.code)
    }
    return done
  }

  private movedEnough(p: repo.ProductRow): boolean {
    const price = p.underlying ? this.etf.pricing.price(p.underlying) : null
    return !!price && needsIntradayRebalance(levState(p), price)
  }

  /** true: rebalanced; false: the slot was claimed already (or nothing to do); null: no price yet, try again. */
  private async rebalanceOne(
    code: string,
    kind: 'daily' | 'intraday',
    slot: number,
    now: number,
  ): Promise<boolean | null> {
    return this.etf.db.transaction().execute(async (trx) => {
      const r = await repo.productOf(trx, code, true)
      if (!launched(r) || r.status === 'closed') return false
      // Its reference is already newer than the slot (launched or rebalanced intraday since).
      if (kind === 'daily' && r.rebalanced_at && new Date(r.rebalanced_at).getTime() >= slot) return false
      if (kind === 'intraday' && !this.movedEnough(r)) return false
      const nav = this.etf.pricing.navOf(r)
      if (nav === null) return null
      const set = this.etf.pricing.referenceAt(r, nav)
      if (!set) return null
      const claim = {
        product: r.code,
        kind,
        slot,
        nav,
        price: set.p_reb ?? null,
        components: set.components ?? null,
      }
      if (!(await repo.claimRebalance(trx, claim))) return false
      await repo.updateProduct(trx, r.code, {
        ...set,
        rebalanced_at: new Date(now),
        updated_at: new Date(now),
      })
      return true
    })
  }

  /** One NAV point per launched open product for the minute of `now` (an existing point stays). */
  async recordNav(now = Date.now()): Promise<number> {
    const ts = Math.floor(now / MINUTE) * MINUTE
    const rows: { product: string; ts: number; nav: string }[] = []
    for (const p of await repo.products(this.etf.db)) {
      if (p.status === 'closed') continue
      const nav = this.etf.pricing.navOf(p)
      if (nav !== null) rows.push({ product: p.code, ts, nav })
    }
    return rows.length ? repo.insertNavPoints(this.etf.db, rows) : 0
  }
}
