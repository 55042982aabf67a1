import { CHANNEL_USER } from '@common/constants'
import type { SpotOrder } from '@common/spot/schema'
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { subscribe } from '@/lib/socket/client'
import { tokenAtom } from '@/lib/store'
import { isOwnSpotQuery } from './api'

/** The user's order updates arrive on the private `user` channel: refresh what they touch. */
export function useOrderUpdates(): void {
  const qc = useQueryClient()
  const token = useAtomValue(tokenAtom)
  useEffect(() => {
    if (!token) return
    return subscribe<unknown, { order?: SpotOrder }>(CHANNEL_USER, {
      // The first snapshot too: a fill between the page's fetch and the room join reached no one.
      onSnapshot: () => void qc.invalidateQueries({ predicate: isOwnSpotQuery }),
      onMessage: (d) => {
        if (d.order) void qc.invalidateQueries({ predicate: isOwnSpotQuery })
      },
    })
  }, [qc, token])
}
