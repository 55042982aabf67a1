import { CHANNEL_USER } from '@common/constants'
import type { C2cMessage, C2cUserEvent } from '@common/schemas/c2c'
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { tokenAtom } from '@/app/store'
import { subscribe } from '@/lib/socket/client'
import { c2cKeys } from './api'

/**
 * C2C order changes and chat messages arrive on the private `user` channel as `{c2c}`: a message
 * is appended to the chat in the cache, a state change refreshes the order and the lists.
 */
export function useC2cUpdates(): void {
  const qc = useQueryClient()
  const token = useAtomValue(tokenAtom)
  useEffect(() => {
    if (!token) return
    return subscribe<unknown, { c2c?: C2cUserEvent }>(CHANNEL_USER, {
      onSnapshot: () => {},
      onMessage: (d) => {
        const e = d.c2c
        if (!e) return
        if (e.message) {
          const m = e.message
          qc.setQueryData<C2cMessage[]>(c2cKeys.messages(e.orderId), (list) =>
            list && !list.some((x) => x.id === m.id) ? [...list, m] : list,
          )
        } else void qc.invalidateQueries({ queryKey: c2cKeys.messages(e.orderId) })
        void qc.invalidateQueries({ queryKey: c2cKeys.order(e.orderId) })
        void qc.invalidateQueries({ queryKey: [...c2cKeys.mine(), 'orders'] })
      },
    })
  }, [qc, token])
}
