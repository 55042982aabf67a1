import { atomWithStorage, createJSONStorage } from 'jotai/utils'

/** The assets screens' "Hide small balances" switch, remembered on this device. */
export const hideSmallBalancesAtom = atomWithStorage<boolean>(
  'hideSmallBalances',
  false,
  createJSONStorage<boolean>(() => localStorage),
  { getOnInit: true },
)
