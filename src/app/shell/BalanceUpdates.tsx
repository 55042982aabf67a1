import { CHANNEL_USER } from '@common/constants'
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { type BalanceEvent, balancesChanged } from '@/lib/balance-events'
import { subscribe } from '@/lib/socket/client'
import { tokenAtom } from '@/lib/store'

/** The balance-changing messages of the private `user` channel, whatever screen is open. */
interface UserMessage {
  order?: unknown
  contractOrder?: unknown
  position?: unknown
  liquidation?: unknown
  c2c?: { message?: unknown }
}

export function eventsOf(d: UserMessage): BalanceEvent[] {
  const events: BalanceEvent[] = []
  if (d.order) events.push('spot')
  if (d.contractOrder || d.position || d.liquidation) events.push('contract')
  // A chat message alone moves no money; a state change may (escrow frozen, released, returned).
  if (d.c2c && !d.c2c.message) events.push('c2c')
  return events
}

/**
 * While signed in, fills, contract changes and C2C order changes pushed by the server refresh
 * every screen that shows a balance (through the one map, ../balance-events.ts), on every screen:
 * a resting order that fills while Assets is open changes Assets. After a reconnect (changes may
 * have been missed) every balance is read again.
 */
export function BalanceUpdates(): null {
  const qc = useQueryClient()
  const token = useAtomValue(tokenAtom)
  useEffect(() => {
    if (!token) return
    return subscribe<unknown, UserMessage>(CHANNEL_USER, {
      onSnapshot: (_d, resync) => {
        if (resync) void balancesChanged(qc, 'resync')
      },
      onMessage: (d) => {
        for (const e of eventsOf(d)) void balancesChanged(qc, e)
      },
    })
  }, [qc, token])
  return null
}
