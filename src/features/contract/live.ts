import { CHANNEL_USER } from '@common/constants'
import type { ContractOrder, Liquidation } from '@common/contract/schema'
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useEffect, useRef } from 'react'
import { subscribe } from '@/lib/socket/client'
import { useLiveBookDepth, useLiveBookTrades } from '@/lib/socket/live-book'
import { tokenAtom } from '@/lib/store'
import { contractKeys, depthQueryOptions, tradesQueryOptions } from './api'
import { applyOrder, applyPosition, type PositionUpdate } from './cache-updates'

/** The contract messages of the `user` channel (ContractUserMessage); others are ignored here. */
interface UserMessage {
  contractOrder?: ContractOrder
  position?: PositionUpdate
  liquidation?: Liquidation
}

/** The perpetual's order book, live from `depth:<SYMBOL>` (the snapshot also paints it first). */
export const useLiveDepth = (symbol: string) => useLiveBookDepth(symbol, depthQueryOptions)

/** Recent trades, newest first, live from `trades:<SYMBOL>`. */
export const useLiveTrades = (symbol: string) => useLiveBookTrades(symbol, tradesQueryOptions)

/**
 * The private `user` channel: contract order and position updates are written into the cache
 * (open orders, positions), the lists they change are refetched, and a liquidation is announced.
 */
export function useContractUpdates(onLiquidation: (l: Liquidation) => void): void {
  const qc = useQueryClient()
  const token = useAtomValue(tokenAtom)
  const notify = useRef(onLiquidation)
  notify.current = onLiquidation
  useEffect(() => {
    if (!token) return
    return subscribe<unknown, UserMessage>(CHANNEL_USER, {
      // Every snapshot, the first too: changes between the page's fetch and the room join, or
      // while disconnected, reached no one, so the state is read again.
      onSnapshot: () => void qc.invalidateQueries({ queryKey: contractKeys.mine() }),
      onMessage: (d) => {
        if (d.contractOrder) applyOrder(qc, d.contractOrder)
        if (d.position) applyPosition(qc, d.position)
        if (d.liquidation) {
          void qc.invalidateQueries({ queryKey: contractKeys.mine() })
          notify.current(d.liquidation)
        }
      },
    })
  }, [qc, token])
}
