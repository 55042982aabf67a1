import type { ContractOrder, ContractPlaceInput, ContractSide } from '@common/contract/schema'
import { gt, isZero, sub, toFixed } from '@common/money/decimal'
import { type Db, perDb } from '../../db/db'
import { AppError } from '../../http/errors'
import { move, postEntry, readBalances } from '../../ledger/ledger'
import { lockSeed } from '../../ledger/seed'
import { observeCommit, observeOrder, provideQueueDepth } from '../../platform/metrics/registry'
import { ContractEngine } from './engine'
import { holdersWithDust, orderHolder } from './engine-repo'
import { liquidateAccount, unwindFund } from './liquidate'
import {
  CLEARING,
  INSURANCE,
  loadInstruments,
  MONEY_DP,
  orderToWire,
  posKey,
  type Source,
  TREASURY,
  wallet,
} from './model'
import * as orders from './orders'
import { cancelIn, lockFor } from './pass'
import * as positions from './positions'

export type { Source } from './model'

/**
 * Perpetual contract use cases (issue 14). One engine per market owned by this service, every
 * change through one serialized pipeline: each use case is one transaction (lock the balances,
 * match, settle, write the orders, fills, positions and ledger entries), its events are emitted
 * after commit, and the in-memory state is reloaded from the database if it fails.
 */
export class ContractService extends ContractEngine {
  private loaded: Promise<void> | null = null
  private readonly followers = new Map<string, (symbol: string) => Promise<unknown>>()

  constructor(db: Db) {
    super(db)
  }

  init(): Promise<void> {
    this.loaded ??= this.exclusive(async () => {
      provideQueueDepth('contract', () => [['all', this.pending]])
      await this.reload()
      await this.seedInsurance()
      await this.sweepDust()
      await this.loadSamples()
    })
    return this.loaded
  }

  /**
   * Balances booked before the rounding rule (common/contract/margin.ts toPlatform) may carry more
   * than USDT's 6 places (330.064223994): the places beyond 6 go to contract_clearing, through the
   * ledger, from available and from position margins, so "transfer all" works again. Runs at
   * start; finds nothing once done.
   */
  private async sweepDust(): Promise<void> {
    const holders = await holdersWithDust(this.db, MONEY_DP)
    if (holders.length === 0) return
    await this.transact(async (pass) => {
      await lockFor(this, pass, holders)
      for (const h of holders) {
        const w = wallet(h)
        const dustOf = (x: string) => sub(x, toFixed(x, MONEY_DP, 'down'))
        const postings = []
        for (const p of this.positionsOf(h)) {
          const d = dustOf(p.margin)
          if (isZero(d)) continue
          const k = posKey(p.holder, p.symbol, p.side)
          this.positions.set(k, { ...p, margin: sub(p.margin, d), updated_at: pass.now })
          pass.positions.add(k)
          postings.push(...move({ ...w, bucket: 'frozen' }, CLEARING, d))
        }
        const bal = pass.ledger.balance(w)
        if (bal && gt(dustOf(bal.available), '0')) postings.push(...move(w, CLEARING, dustOf(bal.available)))
        if (postings.length)
          pass.ledger.post({
            reason: 'contract_settlement',
            refType: 'contract_rounding',
            refId: h,
            memo: `amounts beyond ${MONEY_DP} places (booked before the rounding rule)`,
            postings,
          })
      }
    })
  }

  /**
   * The insurance fund starts with 1,000,000 USDT from the treasury (once: the entry's reference
   * is looked up first), so a liquidation gap is paid from real funds on the first day.
   */
  private async seedInsurance(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (await lockSeed(trx, 'contract.insurance_seed', 'insurance_seed')) return
      await postEntry(trx, {
        reason: 'insurance',
        refType: 'insurance_seed',
        memo: 'risk protection fund: initial funding from the treasury',
        postings: move(TREASURY, INSURANCE, '1000000'),
      })
    })
  }

  /**
   * Cluster: this core has just become the owner of the perpetual engine; every book, order,
   * position and the interval's premium samples are read again from the database.
   */
  adopt(): Promise<void> {
    return this.init().then(() =>
      this.exclusive(async () => {
        await this.reload()
        await this.loadSamples()
      }),
    )
  }

  /** Re-reads settings (after a console change). */
  async reloadSettings(): Promise<void> {
    await this.exclusive(async () => {
      for (const i of await loadInstruments(this.db)) this.insts.set(i.symbol, i)
    })
  }

  // ---- use cases: each loads the engine once, then runs in the pipeline ---------------------

  async place(holder: string, input: ContractPlaceInput, source: Source = 'user'): Promise<ContractOrder> {
    await this.init()
    const run = this.exclusive(async () => {
      // A client order id already in use (open, or ended lately): the first order is the answer.
      const first = this.clientOrders.get(holder, input.clientOrderId)
      if (first) return orderToWire(first, this.inst(first.symbol).pp)
      const t0 = process.hrtime.bigint()
      const placed = await this.transact(async (pass) => {
        const o = await orders.openIn(this, pass, holder, input, source)
        return orderToWire(o, this.inst(o.symbol).pp)
      })
      observeCommit('contract', t0)
      return placed
    })
    return observeOrder('contract', 'placed', run, input.symbol)
  }

  async cancel(holder: string, id: string): Promise<ContractOrder> {
    await this.init()
    return observeOrder('contract', 'cancelled', this.cancelOne(holder, id))
  }

  private cancelOne(holder: string, id: string): Promise<ContractOrder> {
    return this.exclusive(async () => {
      const o = /^\d+$/.test(id) ? this.open.get(Number(id)) : undefined
      if (!o || o.holder !== holder) {
        // Another holder's order reads as missing.
        if ((await orderHolder(this.db, id)) !== holder) throw new AppError('orderNotFound')
        throw new AppError('orderNotOpen')
      }
      return this.transact(async (pass) => {
        await lockFor(this, pass, [holder])
        return orderToWire(cancelIn(this, pass, o), this.inst(o.symbol).pp)
      })
    })
  }

  async cancelAll(holder: string, symbol?: string): Promise<number> {
    await this.init()
    return this.exclusive(async () => {
      const mine = this.openOrdersOf(holder, symbol)
      if (mine.length === 0) return 0
      await this.transact(async (pass) => {
        await lockFor(this, pass, [holder])
        for (const o of mine) cancelIn(this, pass, o)
      })
      return mine.length
    })
  }

  async close(holder: string, input: Parameters<typeof positions.close>[2]): Promise<ContractOrder> {
    await this.init()
    return positions.close(this, holder, input)
  }

  async closeAll(holder: string, symbol?: string): Promise<number> {
    await this.init()
    return positions.closeAll(this, holder, symbol)
  }

  async reverse(holder: string, symbol: string, side: ContractSide): Promise<ContractOrder> {
    await this.init()
    return positions.reverse(this, holder, symbol, side)
  }

  async setTpsl(holder: string, input: Parameters<typeof positions.setTpsl>[2]): Promise<void> {
    await this.init()
    return positions.setTpsl(this, holder, input)
  }

  async runTriggers(symbol: string): Promise<number> {
    await this.init()
    return positions.runTriggers(this, symbol)
  }

  async liquidate(holder: string): Promise<boolean> {
    await this.init()
    return liquidateAccount(this, holder)
  }

  /** The risk protection fund closes what it took over, within the protection band. */
  async unwindFund(symbol: string): Promise<number> {
    await this.init()
    return unwindFund(this, symbol)
  }

  /**
   * House quotes follow the index before triggers run: the market makers register here, and the
   * index tick (scheduler or dev hook) awaits followIndex before the liquidation scan and TP/SL,
   * so a gap never fills a stop or a liquidation against quotes of the old price.
   */
  setIndexFollower(holder: string, follow: ((symbol: string) => Promise<unknown>) | null): void {
    if (follow) this.followers.set(holder, follow)
    else this.followers.delete(holder)
  }

  async followIndex(symbol: string): Promise<void> {
    // A follower that fails (its funding, its database) must not hold up liquidations and stops.
    for (const f of this.followers.values()) await f(symbol).catch(() => undefined)
  }

  async requote(holder: string, symbol: string, quotes: orders.Quote[]): Promise<void> {
    await this.init()
    return orders.requote(this, holder, symbol, quotes)
  }

  /** Wallet balance (available + frozen) of a holder's contract account. */
  async walletOf(holder: string): Promise<{ available: string; frozen: string }> {
    const [b] = await readBalances(this.db, holder, { account: 'contract', asset: 'USDT' })
    return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' }
  }
}

/** One service per database, shared by the routes, the hub, the jobs and the market makers. */
export const contractService = perDb((db) => new ContractService(db))
