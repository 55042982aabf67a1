import { isZero, normalize, toFixed } from '@common/money/decimal'
import { fromUnits, toUnits } from '@common/money/units'
import { marketBuyNotional } from '@common/spot/rules'
import { type ConditionalType, executesAs } from '@common/spot/triggers'
import { AppError } from '../../http/errors'
import type { BalanceKey } from '../../ledger/ledger'
import { feesKey, isSystemHolder, key, type Pass, type Prepared } from './model'
import type { OrderRow } from './repo'
import { placeIn, releaseLocked } from './settle'
import type { SpotState } from './state'
import { markFired, ticks } from './trigger-state'

/*
 * Firing conditional orders, inside the pass whose trades reach their triggers: before the pass
 * writes its rows, every trade it made is looked at in turn (the market's last traded price, one
 * rule everywhere); what fires is claimed and enters the book in that same transaction, in the
 * order the price passed the triggers, and the trades the triggered orders make are looked at in
 * turn too, until nothing more fires. A claimed order is out of the trigger book at once, so it
 * can fire only once; a cancel runs on the same queue, before or after, never between.
 */

/** How far each pass's trades have been looked at, and how many fired orders it claimed. */
const seen = new WeakMap<Pass, number>()
const claims = new WeakMap<Pass, number>()

function keep(pass: Pass, row: OrderRow): void {
  pass.writes.set(Number(row.id), row)
  pass.fx.orders.set(String(row.id), row)
}

/** A triggered order as the placement it becomes: its own row, its funds frozen already. */
export function childPrepared(st: SpotState, row: OrderRow): Prepared {
  const inst = st.inst(row.symbol)
  const exec = executesAs(row.type as ConditionalType)
  const qtyU = row.amount === null ? null : toUnits(toFixed(row.amount, inst.ap), inst.ap)
  // A market buy spends at most what was frozen for it (a budget, or an OCO leg's shared freeze).
  const budgetU =
    exec === 'market' && row.side === 'buy'
      ? toUnits(
          marketBuyNotional(normalize(row.locked), normalize(row.taker_fee_rate), inst.qdp, inst.pp, inst.ap),
          inst.pp + inst.ap,
        )
      : null
  return {
    holder: row.holder,
    inst,
    input: {
      symbol: row.symbol,
      side: row.side,
      type: exec,
      ...(row.price === null ? {} : { price: row.price }),
      ...(row.amount === null ? {} : { amount: row.amount }),
      ...(row.quote_amount === null ? {} : { quoteAmount: row.quote_amount }),
    },
    price: row.price,
    amount: row.amount,
    quoteAmount: row.quote_amount,
    lock: normalize(row.locked),
    priceU: exec === 'limit' && row.price !== null ? ticks(row.price, inst.pp) : 0,
    qtyU,
    budgetU,
    tif: exec === 'limit' ? 'GTC' : 'IOC',
    postOnly: false,
    child: row,
  }
}

/** A triggered order that could not trade (no liquidity, its holder frozen): expired, its freeze released. */
function expireIn(st: SpotState, pass: Pass, o: OrderRow): void {
  releaseLocked(st, pass, o)
  keep(pass, {
    ...o,
    status: 'expired',
    locked: '0',
    triggered_at: o.triggered_at ?? pass.now,
    updated_at: pass.now,
  })
}

/** The balances a triggered order can touch as the book stands now. */
function keysOf(st: SpotState, p: Prepared): BalanceKey[] {
  const { inst, holder } = p
  const keys = [key(holder, inst.base), key(holder, inst.quote), feesKey(inst.quote)]
  for (const id of st.previewOf(p)) {
    const m = st.open.get(id)
    if (m) keys.push(key(m.holder, inst.base), key(m.holder, inst.quote))
  }
  return keys
}

/**
 * Claims one fired order and places it: an OCO stop leg first withdraws its limit leg (expired)
 * and takes over the shared freeze. The order then trades as the limit or market order it
 * carries, with the funds frozen at placement; with nothing to trade it expires.
 */
async function fire(st: SpotState, pass: Pass, row: OrderRow, status: Map<string, string>): Promise<void> {
  let o: OrderRow = { ...row, status: 'open', triggered_at: pass.now, updated_at: pass.now }
  const other = row.oco_id === null ? undefined : st.open.get(Number(row.oco_id))
  if (other && (other.status === 'open' || other.status === 'partial')) {
    st.book(other.symbol).cancel(Number(other.id))
    pass.fx.books.add(other.symbol)
    const gone: OrderRow = { ...other, status: 'expired', locked: '0', updated_at: pass.now }
    st.open.set(Number(other.id), gone)
    keep(pass, gone)
    o = { ...o, locked: other.locked }
  }
  if (!isSystemHolder(o.holder) && status.get(o.holder) !== 'active') return expireIn(st, pass, o)
  const p = childPrepared(st, o)
  for (;;) {
    let placed: OrderRow | null
    try {
      placed = placeIn(st, pass, p, [])
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      return expireIn(st, pass, o)
    }
    if (placed !== null) return
    // Its trades reach makers whose balances this pass has not locked yet: lock them, try again.
    const more = keysOf(st, p).filter((k) => !pass.ledger.isLocked(k))
    if (more.length === 0) throw new Error(`triggered order ${o.id}: no balance left to lock`)
    await pass.ledger.lock(more)
  }
}

/** OCO: a limit leg that traded or ended takes its waiting stop leg with it. */
function settleOcoLegs(st: SpotState, pass: Pass): void {
  for (const row of [...pass.writes.values()]) {
    if (row.oco_id === null || row.type !== 'limit') continue
    if (row.status === 'open' && isZero(row.filled)) continue
    const stop = st.triggers.waiting.get(Number(row.oco_id))
    if (!stop || !st.triggers.remove(stop)) continue
    keep(pass, {
      ...stop,
      status: row.status === 'cancelled' ? 'cancelled' : 'expired',
      updated_at: pass.now,
    })
  }
}

/**
 * Looks at the pass's trades not looked at yet, in order: moves the trailing watermarks (written
 * with the pass, so a restart keeps them) and queues what they fire; then claims from the front
 * of the queue (what earlier transactions fired first) and places it, and looks at the trades
 * the claimed orders made, until nothing more fires or the pass has claimed its share
 * (TriggerState.claimsPerPass). What it fired and could not claim is stamped fired in the same
 * transaction, for the next transactions to claim.
 */
export async function fireTriggers(st: SpotState, pass: Pass): Promise<void> {
  const fresh: number[] = []
  let claimed = claims.get(pass) ?? 0
  for (;;) {
    settleOcoLegs(st, pass)
    const from = seen.get(pass) ?? 0
    seen.set(pass, pass.trades.length)
    for (let i = from; i < pass.trades.length; i++) {
      const t = pass.trades[i] as Pass['trades'][number]
      const pp = st.inst(t.symbol).pp
      const price = ticks(t.price, pp)
      st.triggers.last.set(t.symbol, price)
      const out = st.triggers.bookOf(t.symbol).onTrade(price)
      for (const m of out.moved) {
        const w = st.triggers.waiting.get(m.id)
        if (!w) continue
        const row: OrderRow = { ...w, watermark: fromUnits(m.watermark, pp) }
        st.triggers.waiting.set(m.id, row)
        pass.writes.set(m.id, row)
      }
      st.triggers.queue(t.symbol, out.fired)
      fresh.push(...out.fired)
    }
    const fired = st.triggers.claim(st.triggers.claimsPerPass - claimed)
    if (fired.length === 0) break
    claimed += fired.length
    claims.set(pass, claimed)
    // Claimed: out of memory's waiting orders; should the transaction fail, its markets are read again.
    for (const r of fired) pass.fx.books.add(r.symbol)
    // One statement locks what the fired orders can touch as the book stands (and reads their
    // holders' status); a fired order that reaches further locks the rest when it gets there.
    const keys: BalanceKey[] = []
    const prepared = fired.map((r) => childPrepared(st, r))
    for (const p of prepared) keys.push(...keysOf(st, p))
    const holders = [...new Set(fired.map((r) => r.holder).filter((h) => !isSystemHolder(h)))]
    const status = await pass.ledger.lock(keys, holders)
    for (const row of fired) await fire(st, pass, row, status)
  }
  // Fired here, not claimed: stamped, so that only a claim (or a cancel) ends them.
  const unclaimed: number[] = []
  for (const id of fresh) {
    const w = st.triggers.waiting.get(id)
    if (!w || w.triggered_at !== null) continue
    st.triggers.waiting.set(id, { ...w, triggered_at: pass.now })
    unclaimed.push(id)
  }
  await markFired(pass.trx, unclaimed, pass.now)
}
