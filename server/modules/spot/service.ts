import { isZero, normalize } from '@common/money/decimal'
import type { OcoOrderInput, SpotOrder } from '@common/spot/schema'
import { perDb } from '../../db/db'
import { AppError } from '../../http/errors'
import type { BalanceKey } from '../../ledger/ledger'
import { observeOrder } from '../../platform/metrics/registry'
import type { PlaceInput } from '../../platform/ports/engines'
import { cancelWaitingIn, placeOcoIn } from './conditional'
import { feesKey, key, newEffects, type Prepared } from './model'
import { SpotPipeline } from './pipeline'
import { type OrderRow, orderHolder, orderToWire } from './repo'
import { cancelIn, placeIn } from './settle'

/**
 * Spot use cases over the engine's pipeline (pipeline.ts: placements, group commit; settle.ts:
 * fills to the ledger): cancels, the market makers' requotes, and what a cluster core needs to
 * take a market over or hand it on.
 */
export class SpotService extends SpotPipeline {
  /**
   * Cluster: this core has just become the owner of `symbol`; its book and open orders are
   * rebuilt from the database (where the previous owner left them), behind any work in flight.
   */
  adopt(symbol: string): Promise<void> {
    return this.init().then(() => this.exclusive(() => this.rebuild(symbol)))
  }

  /** Resolves once everything queued on the engine so far has run (before a market is handed over). */
  settled(): Promise<void> {
    return this.exclusive(async () => undefined)
  }

  /**
   * Re-reads instrument rows (after they were changed other than through the console, which
   * updates the market service's copy itself).
   */
  async invalidate(symbol?: string): Promise<void> {
    await this.loadInstruments(symbol)
  }

  async cancel(holder: string, id: string): Promise<SpotOrder> {
    await this.init()
    return observeOrder('spot', 'cancelled', this.cancelOne(holder, id))
  }

  private cancelOne(holder: string, id: string): Promise<SpotOrder> {
    return this.exclusive(async () => {
      // An open order, or a conditional one waiting for its trigger.
      const o = /^\d+$/.test(id)
        ? (this.open.get(Number(id)) ?? this.triggers.waiting.get(Number(id)))
        : undefined
      if (!o || o.holder !== holder) {
        const found = /^\d+$/.test(id) ? await orderHolder(this.db, id) : undefined
        // Another holder's order reads as missing: nothing about it is revealed.
        if (found !== holder) throw new AppError('orderNotFound')
        throw new AppError('orderNotOpen')
      }
      this.checkOwned(o.symbol)
      const fx = newEffects()
      return this.transact(fx, async (pass) => {
        const inst = this.inst(o.symbol)
        await pass.ledger.lock([key(o.holder, o.side === 'buy' ? inst.quote : inst.base)])
        const row = o.status === 'waiting' ? cancelWaitingIn(this, pass, o) : cancelIn(this, pass, o)
        return orderToWire(row, inst.pp)
      })
    })
  }

  async cancelAll(holder: string, symbol?: string): Promise<number> {
    await this.init()
    return this.exclusive(async () => {
      const mine = [...this.open.values(), ...this.triggers.waiting.values()].filter(
        (o) => o.holder === holder && (symbol === undefined || o.symbol === symbol),
      )
      for (const o of mine) this.checkOwned(o.symbol)
      if (mine.length === 0) return 0
      const fx = newEffects()
      await this.transact(fx, async (pass) => {
        await pass.ledger.lock(
          mine.map((o) => {
            const inst = this.inst(o.symbol)
            return key(o.holder, o.side === 'buy' ? inst.quote : inst.base)
          }),
        )
        for (const o of mine) {
          if (o.status === 'waiting') cancelWaitingIn(this, pass, o)
          // An OCO's limit leg may have gone with its stop leg just before.
          else if (this.open.get(Number(o.id))?.status === o.status) cancelIn(this, pass, o)
        }
      })
      return mine.length
    })
  }

  /** An OCO (conditional.ts): both legs placed in one transaction, the limit leg first. */
  async oco(holder: string, input: OcoOrderInput): Promise<SpotOrder[]> {
    await this.init()
    return this.exclusive(async () => {
      this.checkOwned(input.symbol)
      const inst = this.inst(input.symbol)
      const fx = newEffects()
      return this.transact(fx, async (pass) => {
        const status = await pass.ledger.lock([key(holder, inst.base), key(holder, inst.quote)], [holder])
        if (status.get(holder) !== 'active') throw new AppError('accountAbnormal')
        await this.reserveIds(pass.trx, 2)
        return placeOcoIn(this, pass, holder, input, this.ids).map((r) => orderToWire(r, inst.pp))
      })
    })
  }

  /**
   * Market makers: make the holder's orders on `symbol` exactly `quotes`, atomically. An order
   * still whole at a quote's side, price and amount stays; the others are cancelled and the
   * missing quotes placed (nothing at all when the book already matches).
   */
  async requote(holder: string, symbol: string, quotes: PlaceInput[]): Promise<void> {
    await this.init()
    return this.exclusive(async () => {
      const wanted = quotes.map((q) => this.prepare(holder, q))
      const keyOf = (side: string, price: string, amount: string) =>
        `${side}:${normalize(price)}:${normalize(amount)}`
      const waiting = new Map<string, Prepared[]>()
      for (const p of wanted) {
        const k = keyOf(p.input.side, p.price ?? '0', p.amount ?? '0')
        waiting.set(k, [...(waiting.get(k) ?? []), p])
      }
      const mine: OrderRow[] = []
      for (const o of this.open.values()) {
        if (o.holder !== holder || o.symbol !== symbol) continue
        const same = isZero(o.filled)
          ? waiting.get(keyOf(o.side, o.price ?? '0', o.amount ?? '0'))
          : undefined
        if (same?.length) same.pop()
        else mine.push(o)
      }
      const prepared = [...waiting.values()].flat()
      if (mine.length === 0 && prepared.length === 0) return
      const fx = newEffects()
      await this.transact(fx, async (pass) => {
        const inst = this.inst(symbol)
        await pass.ledger.lock([key(holder, inst.base), key(holder, inst.quote), feesKey(inst.quote)])
        for (const o of mine) cancelIn(this, pass, o)
        await this.reserveIds(pass.trx, prepared.length)
        for (const p of prepared) {
          // The quotes may reach makers whose balances are not locked yet: lock and retry.
          for (;;) {
            if (placeIn(this, pass, p, this.ids) !== null) break
            const more: BalanceKey[] = []
            for (const id of this.previewOf(p)) {
              const m = this.open.get(id)
              if (m && !pass.ledger.isLocked(key(m.holder, inst.base))) more.push(key(m.holder, inst.base))
              if (m && !pass.ledger.isLocked(key(m.holder, inst.quote))) more.push(key(m.holder, inst.quote))
            }
            if (more.length === 0) throw new Error('requote: no balance left to lock')
            await pass.ledger.lock(more)
          }
        }
      })
    })
  }
}

/** One service per database, shared by the routes, the realtime hub and the market makers. */
export const spotService = perDb((db) => new SpotService(db))
