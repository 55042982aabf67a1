import type { ContractOrder, ContractPosition, ContractSide } from '@common/contract/schema'
import type { QueryClient } from '@tanstack/react-query'
import { contractKeys } from './keys'

/** A position message: the whole position, or lots '0' when it was closed. */
export type PositionUpdate = ContractPosition | { symbol: string; side: ContractSide; lots: '0' }

const isOpen = (o: ContractOrder) => o.status === 'open' || o.status === 'partial'

/** Open orders after an update: replaced in place, added on top, or dropped once done. */
export function mergeOrder(list: ContractOrder[], o: ContractOrder, symbol?: string): ContractOrder[] {
  const rest = list.filter((x) => x.id !== o.id)
  if (!isOpen(o) || (symbol && o.symbol !== symbol)) return rest
  const at = list.findIndex((x) => x.id === o.id)
  if (at < 0) return [o, ...rest]
  return list.map((x) => (x.id === o.id ? o : x))
}

/** Positions after an update; a closed one (lots '0') leaves the list. */
export function mergePosition(list: ContractPosition[], p: PositionUpdate): ContractPosition[] {
  const same = (x: ContractPosition) => x.symbol === p.symbol && x.side === p.side
  if (p.lots === '0' || !('avgOpenPrice' in p)) return list.filter((x) => !same(x))
  return list.some(same) ? list.map((x) => (same(x) ? p : x)) : [...list, p]
}

export function applyOrder(qc: QueryClient, o: ContractOrder): void {
  for (const symbol of [undefined, o.symbol]) {
    qc.setQueryData<ContractOrder[]>(contractKeys.open(symbol), (old) =>
      old ? mergeOrder(old, o, symbol) : old,
    )
  }
  if (!isOpen(o)) {
    void qc.invalidateQueries({ queryKey: contractKeys.paged('orders') })
    void qc.invalidateQueries({ queryKey: contractKeys.paged('orders', o.symbol) })
  }
  void qc.invalidateQueries({ queryKey: contractKeys.account() })
}

export function applyPosition(qc: QueryClient, p: PositionUpdate): void {
  qc.setQueryData<ContractPosition[]>(contractKeys.positions(), (old) => (old ? mergePosition(old, p) : old))
  void qc.invalidateQueries({ queryKey: contractKeys.account() })
  if (p.lots === '0') void qc.invalidateQueries({ queryKey: contractKeys.paged('positions') })
}
