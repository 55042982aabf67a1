import type { C2cMessage, C2cUserEvent } from '@common/c2c/schema'
import { CHANNEL_USER } from '@common/constants'
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { subscribe } from '@/lib/socket/client'
import { tokenAtom } from '@/lib/store'
import { c2cKeys } from './api'

/**
 * C2C order changes and chat messages arrive on the private `user` channel as `{c2c}`: a message
 * is appended to the chat in the cache, a state change refreshes the order, the lists and what
 * the ads have left (balances: the app's BalanceUpdates, src/lib/balance-events.ts).
 */
export function useC2cUpdates(): void {
  const qc = useQueryClient()
  const token = useAtomValue(tokenAtom)
  useEffect(() => {
    if (!token) return
    return subscribe<unknown, { c2c?: C2cUserEvent }>(CHANNEL_USER, {
      // Every snapshot, the first too: a change made between the page's fetch and the server
      // joining this socket to the room was published to no one, so the open order is read again.
      onSnapshot: () => void qc.invalidateQueries({ queryKey: c2cKeys.mine() }),
      onMessage: (d) => {
        const e = d.c2c
        if (!e) return
        const key = c2cKeys.messages(e.orderId)
        const list = qc.getQueryData<C2cMessage[]>(key)
        // Appended only to a settled list: a fetch still on its way may predate the message and
        // would overwrite it, so then (and with no list yet) the chat is fetched again.
        if (e.message && list && qc.isFetching({ queryKey: key }) === 0) {
          const m = e.message
          if (!list.some((x) => x.id === m.id)) qc.setQueryData<C2cMessage[]>(key, [...list, m])
        } else void qc.invalidateQueries({ queryKey: key })
        void qc.invalidateQueries({ queryKey: c2cKeys.order(e.orderId) })
        void qc.invalidateQueries({ queryKey: [...c2cKeys.mine(), 'orders'] })
        // A new, cancelled or timed-out order changes what its ad has left (My ads, the ad list).
        if (!e.message) {
          void qc.invalidateQueries({ queryKey: c2cKeys.myAds() })
          void qc.invalidateQueries({ queryKey: [...c2cKeys.root, 'ads'] })
        }
      },
    })
  }, [qc, token])
}
