import type { LangCode } from '@common/i18n/languages'
import type { AlertCreateInput, PriceAlert, PushPrefs } from '@common/push/schema'
import { queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

const root = ['push'] as const
export const pushKeys = {
  all: root,
  prefs: () => [...root, 'prefs'] as const,
  devices: () => [...root, 'devices'] as const,
  alerts: () => [...root, 'alerts'] as const,
}

/** The server's VAPID public key (applicationServerKey for pushManager.subscribe). */
export const vapidKeyQueryOptions = () =>
  queryOptions({
    queryKey: [...root, 'vapid'],
    queryFn: () => http.get<{ publicKey: string }>('push/vapidPublicKey', undefined, { toast: false }),
    staleTime: Number.POSITIVE_INFINITY,
  })

export const prefsQueryOptions = () =>
  queryOptions({
    queryKey: pushKeys.prefs(),
    queryFn: () => http.get<PushPrefs>('push/prefs', undefined, { toast: false }),
  })

export const devicesQueryOptions = () =>
  queryOptions({
    queryKey: pushKeys.devices(),
    queryFn: () => http.get<{ count: number }>('push/devices', undefined, { toast: false }),
  })

export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: pushKeys.alerts(),
    queryFn: () => http.get<PriceAlert[]>('push/alerts', undefined, { toast: false }),
  })

export const pushApi = {
  subscribe: (sub: PushSubscriptionJSON & { lang: LangCode }, toast = true) =>
    http.post<null>('push/subscribe', sub, { toast }),
  unsubscribe: (endpoint: string) => http.post<null>('push/unsubscribe', { endpoint }),
  setPrefs: (p: Partial<PushPrefs>) => http.post<PushPrefs>('push/prefs', p),
  test: () =>
    http.post<{ sent: number; removed: number; failed: number }>('push/test', {}, { loading: true }),
  createAlert: (a: AlertCreateInput) =>
    http.post<{ id: string; basePrice: string }>('push/alerts/create', a, { loading: true }),
  deleteAlert: (id: string) => http.post<null>('push/alerts/delete', { id }),
}
