import { triggered, validateTpsl } from '@common/contract/orders'
import type { ContractOrder, ContractSide } from '@common/contract/schema'
import { AppError } from '../../http/errors'
import { orderToWire, posKey } from './model'
import { tickedPrice } from './orders'
import type { ContractService } from './service'

/** Position use cases: close, close all, reverse, TP/SL and their triggers. */

export async function close(
  svc: ContractService,
  holder: string,
  input: { symbol: string; side: ContractSide; type?: 'limit' | 'market'; lots?: number; price?: string },
): Promise<ContractOrder> {
  await svc.init()
  svc.inst(input.symbol)
  return svc.exclusive(() =>
    svc.transact(async (pass) => {
      await svc.lockFor(pass, [holder])
      const o = await svc.closeIn(pass, holder, input.symbol, input.side, input, 'user')
      return orderToWire(o, svc.inst(o.symbol).pp)
    }),
  )
}

/** One-key flat: every position (of one symbol) closed at the market, in one transaction. */
export async function closeAll(svc: ContractService, holder: string, symbol?: string): Promise<number> {
  await svc.init()
  if (symbol) svc.inst(symbol)
  return svc.exclusive(async () => {
    const list = svc.positionsOf(holder).filter((p) => !symbol || p.symbol === symbol)
    if (list.length === 0) return 0
    await svc.transact(async (pass) => {
      await svc.lockFor(pass, [holder])
      for (const p of list) {
        // Resting close orders would hold the lots: take them down first.
        for (const o of svc.openOrdersOf(holder, p.symbol))
          if (o.kind === 'close' && o.side === p.side) svc.cancelIn(pass, o)
        await svc.closeIn(pass, holder, p.symbol, p.side, {}, 'close_all')
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
  svc: ContractService,
  holder: string,
  symbol: string,
  side: ContractSide,
): Promise<ContractOrder> {
  await svc.init()
  svc.inst(symbol)
  return svc.exclusive(() =>
    svc.transact(async (pass) => {
      const p = svc.position(holder, symbol, side)
      if (!p) throw new AppError('positionNotFound')
      await svc.lockFor(pass, [holder])
      for (const o of svc.openOrdersOf(holder, symbol))
        if (o.kind === 'close' && o.side === side) svc.cancelIn(pass, o)
      const lots = Number(p.lots)
      const closed = await svc.closeIn(pass, holder, symbol, side, {}, 'reverse')
      if (Number(closed.filled_lots) !== lots) throw new AppError('noLiquidity')
      const other: ContractSide = side === 'long' ? 'short' : 'long'
      const o = await svc.openIn(
        pass,
        holder,
        { symbol, side: other, type: 'market', lots, leverage: p.leverage },
        'reverse',
      )
      if (Number(o.filled_lots) !== lots) throw new AppError('noLiquidity')
      return orderToWire(o, svc.inst(symbol).pp)
    }),
  )
}

/** Sets or clears TP/SL (SPEC section 5 rules against the open and the index price). */
export async function setTpsl(
  svc: ContractService,
  holder: string,
  input: { symbol: string; side: ContractSide; tp?: string | null; sl?: string | null },
): Promise<void> {
  await svc.init()
  const inst = svc.inst(input.symbol)
  await svc.exclusive(async () => {
    const k = posKey(holder, input.symbol, input.side)
    const p = svc.positions.get(k)
    if (!p) throw new AppError('positionNotFound')
    const norm = (x: string | null | undefined, old: string | null) =>
      x === undefined ? old : x === null || x === '' ? null : tickedPrice(inst.pp, x)
    const tp = norm(input.tp, p.tp)
    const sl = norm(input.sl, p.sl)
    const current = svc.mark(input.symbol) ?? p.avg_price
    const err = validateTpsl(
      input.side,
      p.avg_price,
      current,
      input.tp === undefined ? null : tp,
      input.sl === undefined ? null : sl,
    )
    if (err) throw new AppError(err)
    const updated_at = new Date()
    await svc.db
      .updateTable('contract_position')
      .set({ tp, sl, updated_at })
      .where('holder', '=', holder)
      .where('symbol', '=', input.symbol)
      .where('side', '=', input.side)
      .execute()
    const next = { ...p, tp, sl, updated_at }
    svc.positions.set(k, next)
    svc.emit('user', holder, { position: svc.wirePosition(next) })
  })
}

/** TP/SL orders for positions of `symbol` the index has reached (reduce-only market closes). */
export async function runTriggers(svc: ContractService, symbol: string): Promise<number> {
  await svc.init()
  const index = svc.mark(symbol)
  if (!index) return 0
  let n = 0
  for (const p of svc.positionsOn(symbol)) {
    const t = triggered(p.side, index, p.tp, p.sl)
    if (!t) continue
    try {
      await svc.exclusive(() =>
        svc.transact(async (pass) => {
          const cur = svc.position(p.holder, symbol, p.side)
          if (!cur || triggered(cur.side, index, cur.tp, cur.sl) !== t) return
          await svc.lockFor(pass, [p.holder])
          for (const o of svc.openOrdersOf(p.holder, symbol))
            if (o.kind === 'close' && o.side === p.side) svc.cancelIn(pass, o)
          await svc.closeIn(pass, p.holder, symbol, p.side, {}, t)
        }),
      )
      n++
    } catch {
      // No liquidity now: the next index tick tries again.
    }
  }
  return n
}
