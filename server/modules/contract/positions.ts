import { triggered, validateTpsl } from '@common/contract/orders'
import type { ContractOrder, ContractSide } from '@common/contract/schema'
import { AppError } from '../../http/errors'
import type { ContractEngine } from './engine'
import { orderToWire, posKey } from './model'
import { closeIn, openIn, tickedPrice } from './orders'
import { cancelIn, lockFor } from './pass'

/** Position use cases: close, close all, reverse, TP/SL and their triggers (the engine loaded). */

export async function close(
  eng: ContractEngine,
  holder: string,
  input: { symbol: string; side: ContractSide; type?: 'limit' | 'market'; lots?: number; price?: string },
): Promise<ContractOrder> {
  eng.inst(input.symbol)
  return eng.exclusive(() =>
    eng.transact(async (pass) => {
      await lockFor(eng, pass, [holder])
      const o = await closeIn(eng, pass, holder, input.symbol, input.side, input, 'user')
      return orderToWire(o, eng.inst(o.symbol).pp)
    }),
  )
}

/** One-key flat: every position (of one symbol) closed at the market, in one transaction. */
export async function closeAll(eng: ContractEngine, holder: string, symbol?: string): Promise<number> {
  if (symbol) eng.inst(symbol)
  return eng.exclusive(async () => {
    const list = eng.positionsOf(holder).filter((p) => !symbol || p.symbol === symbol)
    if (list.length === 0) return 0
    await eng.transact(async (pass) => {
      await lockFor(eng, pass, [holder])
      for (const p of list) {
        // Resting close orders would hold the lots: take them down first.
        for (const o of eng.openOrdersOf(holder, p.symbol))
          if (o.kind === 'close' && o.side === p.side) cancelIn(eng, pass, o)
        await closeIn(eng, pass, holder, p.symbol, p.side, {}, 'close_all')
      }
    })
    return list.length
  })
}

/**
 * One-click reverse: close the whole position at the market and open the other side with the
 * same lots and leverage, in one transaction: if the new leg cannot be paid for (or the book
 * cannot take the close), nothing happens.
 */
export async function reverse(
  eng: ContractEngine,
  holder: string,
  symbol: string,
  side: ContractSide,
): Promise<ContractOrder> {
  eng.inst(symbol)
  return eng.exclusive(() =>
    eng.transact(async (pass) => {
      const p = eng.position(holder, symbol, side)
      if (!p) throw new AppError('positionNotFound')
      await lockFor(eng, pass, [holder])
      for (const o of eng.openOrdersOf(holder, symbol))
        if (o.kind === 'close' && o.side === side) cancelIn(eng, pass, o)
      const lots = Number(p.lots)
      const closed = await closeIn(eng, pass, holder, symbol, side, {}, 'reverse')
      if (Number(closed.filled_lots) !== lots) throw new AppError('noLiquidity')
      const other: ContractSide = side === 'long' ? 'short' : 'long'
      const o = await openIn(
        eng,
        pass,
        holder,
        { symbol, side: other, type: 'market', lots, leverage: p.leverage },
        'reverse',
      )
      if (Number(o.filled_lots) !== lots) throw new AppError('noLiquidity')
      return orderToWire(o, eng.inst(symbol).pp)
    }),
  )
}

/** Sets or clears TP/SL (docs/spec.md section 5 rules against the open and the index price). */
export async function setTpsl(
  eng: ContractEngine,
  holder: string,
  input: { symbol: string; side: ContractSide; tp?: string | null; sl?: string | null },
): Promise<void> {
  const inst = eng.inst(input.symbol)
  await eng.exclusive(async () => {
    const k = posKey(holder, input.symbol, input.side)
    const p = eng.positions.get(k)
    if (!p) throw new AppError('positionNotFound')
    const norm = (x: string | null | undefined, old: string | null) =>
      x === undefined ? old : x === null || x === '' ? null : tickedPrice(inst.pp, x)
    const tp = norm(input.tp, p.tp)
    const sl = norm(input.sl, p.sl)
    const current = eng.mark(input.symbol) ?? p.avg_price
    const err = validateTpsl(
      input.side,
      p.avg_price,
      current,
      input.tp === undefined ? null : tp,
      input.sl === undefined ? null : sl,
    )
    if (err) throw new AppError(err)
    const updated_at = new Date()
    await eng.db
      .updateTable('contract_position')
      .set({ tp, sl, updated_at })
      .where('holder', '=', holder)
      .where('symbol', '=', input.symbol)
      .where('side', '=', input.side)
      .execute()
    const next = { ...p, tp, sl, updated_at }
    eng.positions.set(k, next)
    eng.emit('user', holder, { position: eng.wirePosition(next) })
  })
}

/** TP/SL orders for positions of `symbol` the index has reached (reduce-only market closes). */
export async function runTriggers(eng: ContractEngine, symbol: string): Promise<number> {
  const index = eng.mark(symbol)
  // TP/SL never trigger on an old price (a stale index waits for a fresh one).
  if (!index || eng.indexStale(symbol)) return 0
  let n = 0
  for (const p of eng.positionsOn(symbol)) {
    const t = triggered(p.side, index, p.tp, p.sl)
    if (!t) continue
    try {
      await eng.exclusive(() =>
        eng.transact(async (pass) => {
          const cur = eng.position(p.holder, symbol, p.side)
          if (!cur || triggered(cur.side, index, cur.tp, cur.sl) !== t) return
          await lockFor(eng, pass, [p.holder])
          for (const o of eng.openOrdersOf(p.holder, symbol))
            if (o.kind === 'close' && o.side === p.side) cancelIn(eng, pass, o)
          await closeIn(eng, pass, p.holder, symbol, p.side, {}, t)
        }),
      )
      n++
    } catch {
      // No liquidity now: the next index tick tries again.
    }
  }
  return n
}
