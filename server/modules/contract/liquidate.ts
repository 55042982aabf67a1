import { isLiquidatable } from '@common/contract/liquidation'
import { add, div, neg, normalize, sub } from '@common/money/decimal'
import type { Liquidation } from '@common/schemas/contract'
import { wallet } from './model'
import type { ContractService } from './service'

/**
 * Liquidates a holder if the exact rule holds (margin balance <= maintenance margin): cancels
 * their open contract orders, closes every position at the market, writes a liquidation row
 * per position with the index price that triggered it. Returns whether it happened.
 */
export async function liquidateAccount(svc: ContractService, holder: string): Promise<boolean> {
  await svc.init()
  return svc.exclusive(() =>
    svc.transact(async (pass) => {
      await svc.lockFor(pass, [holder])
      const bal = pass.ledger.balance(wallet(holder)) ?? { available: '0', frozen: '0' }
      const r = svc.riskOf(holder, add(bal.available, bal.frozen))
      if (!r || !isLiquidatable(r.marginBalance, r.maintenance)) return false
      for (const o of svc.openOrdersOf(holder)) svc.cancelIn(pass, o)
      for (const p of svc.positionsOf(holder)) {
        const index = svc.mark(p.symbol) ?? p.avg_price
        const before = pass.insurance.get(holder) ?? '0'
        const o = await svc.closeIn(pass, holder, p.symbol, p.side, {}, 'liquidation')
        const paid = sub(pass.insurance.get(holder) ?? '0', before)
        const filled = Number(o.filled_lots)
        if (filled === 0) continue
        const closePrice = div(o.filled_notional, o.filled_lots, svc.inst(p.symbol).pp, 'half-up')
        const row = {
          holder,
          symbol: p.symbol,
          side: p.side,
          lots: String(filled),
          index_price: index,
          close_price: closePrice,
          loss: neg(o.realized_pnl),
          insurance_paid: paid,
        }
        const ins = await pass.trx
          .insertInto('contract_liquidation')
          .values({ ...row, created_at: pass.now })
          .returning('id')
          .executeTakeFirstOrThrow()
        const wire: Liquidation = {
          id: String(ins.id),
          symbol: p.symbol,
          side: p.side,
          lots: String(filled),
          indexPrice: index,
          closePrice,
          loss: normalize(row.loss),
          insurancePaid: paid,
          ts: pass.now.getTime(),
        }
        pass.messages.push([holder, { liquidation: wire }])
      }
      return true
    }),
  )
}
