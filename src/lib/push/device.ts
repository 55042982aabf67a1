/** Web Push on this device: support, permission and the PushSubscription of the service worker. */

export type DevicePushState = 'unsupported' | 'no-worker' | 'denied' | 'off' | 'on'

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  )
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined
  return navigator.serviceWorker.getRegistration()
}

export function base64UrlToBytes(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(s.length / 4) * 4, '=')
  const bin = atob(b64)
  const out = new Uint8Array(new ArrayBuffer(bin.length))
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
  return out
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration()
  return reg ? reg.pushManager.getSubscription() : null
}

export async function devicePushState(): Promise<DevicePushState> {
  if (!pushSupported()) return 'unsupported'
  if (!(await registration())) return 'no-worker'
  if (Notification.permission === 'denied') return 'denied'
  return (await currentSubscription()) && Notification.permission === 'granted' ? 'on' : 'off'
}

/**
 * Asks for permission and subscribes with the server's VAPID key. A subscription made with
 * another key (the server's keys changed) is replaced. Returns the state afterwards.
 */
export async function subscribeDevice(
  publicKey: string,
): Promise<{ state: DevicePushState; subscription: PushSubscription | null }> {
  const reg = await registration()
  if (!reg) return { state: pushSupported() ? 'no-worker' : 'unsupported', subscription: null }
  const permission = await Notification.requestPermission()
  if (permission !== 'granted')
    return { state: permission === 'denied' ? 'denied' : 'off', subscription: null }
  const key = base64UrlToBytes(publicKey)
  let sub = await reg.pushManager.getSubscription()
  const oldKey = sub?.options.applicationServerKey
  if (sub && oldKey && !sameBytes(new Uint8Array(oldKey), key)) {
    await sub.unsubscribe()
    sub = null
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  return { state: 'on', subscription: sub }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}
