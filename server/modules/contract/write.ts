import { normalize } from '@common/money/decimal'
import type { PublicTrade } from '@common/spot/schema'
import type { Pass } from './pass'
import type { ContractState } from './state'

/**
 * Writes what a pass did: order rows (insert or update), fills, positions (upsert, or delete when
 * closed), position history, then the ledger entries. Public trades come from the takers' fills.
 */
export async function writePass(st: ContractState, pass: Pass): Promise<void> {
  const { trx } = pass
  const orders = [...pass.orders.values()]
  if (orders.length)
    await trx
      .insertInto('contract_order')
      .values(orders.map((o) => ({ ...o, id: String(o.id) })))
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          filled_lots: eb.ref('excluded.filled_lots'),
          filled_notional: eb.ref('excluded.filled_notional'),
          locked: eb.ref('excluded.locked'),
          fee: eb.ref('excluded.fee'),
          realized_pnl: eb.ref('excluded.realized_pnl'),
          status: eb.ref('excluded.status'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute()
  if (pass.fills.length) {
    const rows = await trx
      .insertInto('contract_fill')
      .values(pass.fills)
      .returning(['id', 'symbol', 'role', 'price', 'qty', 'book_side', 'created_at', 'order_id'])
      .execute()
    // A fill of a market maker's 'net' order may be two rows (close, then open): one public trade.
    const seen = new Set<string>()
    for (const r of rows) {
      if (r.role !== 'taker') continue
      const list = pass.trades.get(r.symbol) ?? []
      const key = `${r.order_id}|${r.price}`
      const t: PublicTrade = {
        id: String(r.id),
        price: normalize(r.price),
        amount: normalize(r.qty),
        side: r.book_side,
        ts: new Date(r.created_at).getTime(),
      }
      if (seen.has(key) && list.length) {
        const last = list[list.length - 1] as PublicTrade
        list[list.length - 1] = { ...last, amount: normalize(String(Number(last.amount) + Number(t.amount))) }
      } else list.push(t)
      seen.add(key)
      pass.trades.set(r.symbol, list)
    }
  }
  for (const k of pass.positions) {
    const [holder = '', symbol = '', side = ''] = k.split('|')
    const p = st.positions.get(k)
    if (!p) {
      await trx
        .deleteFrom('contract_position')
        .where('holder', '=', holder)
        .where('symbol', '=', symbol)
        .where('side', '=', side as 'long')
        .execute()
      continue
    }
    await trx
      .insertInto('contract_position')
      .values(p)
      .onConflict((oc) =>
        oc.columns(['holder', 'symbol', 'side']).doUpdateSet((eb) => ({
          lots: eb.ref('excluded.lots'),
          max_lots: eb.ref('excluded.max_lots'),
          avg_price: eb.ref('excluded.avg_price'),
          margin: eb.ref('excluded.margin'),
          leverage: eb.ref('excluded.leverage'),
          fee: eb.ref('excluded.fee'),
          realized_pnl: eb.ref('excluded.realized_pnl'),
          funding: eb.ref('excluded.funding'),
          closed_lots: eb.ref('excluded.closed_lots'),
          closed_notional: eb.ref('excluded.closed_notional'),
          tp: eb.ref('excluded.tp'),
          sl: eb.ref('excluded.sl'),
          opened_at: eb.ref('excluded.opened_at'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute()
  }
  if (pass.history.length) await trx.insertInto('contract_position_history').values(pass.history).execute()
  await pass.ledger.flush()
}
