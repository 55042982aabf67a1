import { CHANNEL_USER } from '@common/constants'
import type { SpotOrder } from '@common/spot/schema'
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { subscribe } from '@/lib/socket/client'
import { tokenAtom } from '@/lib/store'
import { showToast } from '@/ui/feedback'
import { isOwnSpotQuery } from './api'

/** The user's order updates arrive on the private `user` channel: refresh what they touch. */
export function useOrderUpdates(): void {
  const qc = useQueryClient()
  const { t } = useLingui()
  const token = useAtomValue(tokenAtom)
  useEffect(() => {
    if (!token) return
    return subscribe<unknown, { order?: SpotOrder }>(CHANNEL_USER, {
      // The first snapshot too: a fill between the page's fetch and the room join reached no one.
      onSnapshot: () => void qc.invalidateQueries({ predicate: isOwnSpotQuery }),
      onMessage: (d) => {
        if (!d.order) return
        void qc.invalidateQueries({ predicate: isOwnSpotQuery })
        // The in-app notice of a conditional order that has just triggered.
        const o = d.order
        if (o.triggeredAt != null && o.triggeredAt === o.updatedAt)
          showToast(
            o.status === 'expired'
              ? t`Your order triggered but found nothing to trade: it expired`
              : t`Your order triggered`,
          )
      },
    })
  }, [qc, token, t])
}
