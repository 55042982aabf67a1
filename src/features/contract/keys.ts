/** Query keys of the contract area: one root; `mine` holds what belongs to the signed-in user. */
export type PagedKind = 'orders' | 'fills' | 'positions' | 'funding' | 'liquidations'

export const contractKeys = {
  root: ['contract'] as const,
  instruments: () => [...contractKeys.root, 'instruments'] as const,
  info: (symbol: string) => [...contractKeys.root, 'info', symbol] as const,
  depth: (symbol: string) => [...contractKeys.root, 'depth', symbol] as const,
  trades: (symbol: string) => [...contractKeys.root, 'trades', symbol] as const,
  /** Everything that belongs to the signed-in user (invalidated after each action). */
  mine: () => [...contractKeys.root, 'mine'] as const,
  account: () => [...contractKeys.mine(), 'account'] as const,
  positions: () => [...contractKeys.mine(), 'positions'] as const,
  open: (symbol?: string) => [...contractKeys.mine(), 'open', symbol ?? 'all'] as const,
  paged: (kind: PagedKind, symbol?: string) => [...contractKeys.mine(), kind, symbol ?? 'all'] as const,
  funding: (symbol: string) => [...contractKeys.root, 'funding', symbol] as const,
  insurance: () => [...contractKeys.root, 'insurance'] as const,
}
