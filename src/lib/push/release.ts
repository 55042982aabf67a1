import { apiBase } from '@/lib/http/client'
import { currentSubscription } from './device'

/**
 * Ends this device's push for the account that is leaving (logout, account switch): the server
 * forgets the subscription, asked with that account's token while it still works, and the browser
 * drops it. The next account on the device never gets the previous one's notifications, and its
 * own subscription is a new endpoint (the server never moves one between accounts).
 */
export async function releaseDevicePush(token: string | null): Promise<void> {
  const sub = await currentSubscription()
  if (!sub) return
  if (token) {
    // Not the shared client: its 1003 handling would end the session that is being replaced.
    await fetch(`${apiBase().replace(/\/$/, '')}/push/unsubscribe`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
      },
      body: JSON.stringify({ endpoint: sub.endpoint }),
    }).catch(() => undefined)
  }
  await sub.unsubscribe()
  localStorage.removeItem('pushLangSynced')
}
