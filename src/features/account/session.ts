import type { UserInfo } from '@common/account/types'
import type { QueryClient } from '@tanstack/react-query'
import { atomWithStorage, createJSONStorage } from 'jotai/utils'
import { clearSession, store, tokenAtom, userAtom, userIdAtom } from '@/lib/store'
import { accountKeys } from './api'
import { forget, type RememberedAccount, remember } from './remembered'

export const rememberedAccountsAtom = atomWithStorage<RememberedAccount[]>(
  'accounts',
  [],
  createJSONStorage<RememberedAccount[]>(() => localStorage),
  { getOnInit: true },
)

export function accountLabel(u: Pick<UserInfo, 'email' | 'phone' | 'uid'>): string {
  return u.email ?? u.phone ?? `UID ${u.uid}`
}

/**
 * The leaving account's push on this device ends (logout, account switch; src/lib/push/device.ts).
 * Only devices that allowed notifications load the push code. Best effort: never throws.
 */
export async function releaseDevicePush(token: string | null): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return
  try {
    await (await import('@/lib/push/release')).releaseDevicePush(token)
  } catch {
    // No service worker or push service: nothing to release.
  }
}

/** Store a fresh login: token, user, user id, and the device's account list (`qc`: the app's query client). */
export function signIn(qc: QueryClient, token: string, user: UserInfo): void {
  const previous = store.get(userIdAtom)
  if (previous && previous !== user.id) void releaseDevicePush(store.get(tokenAtom))
  qc.removeQueries({ queryKey: accountKeys.root })
  store.set(tokenAtom, token)
  store.set(userIdAtom, user.id)
  store.set(userAtom, user)
  qc.setQueryData(accountKeys.me, user)
  const list = store.get(rememberedAccountsAtom)
  store.set(
    rememberedAccountsAtom,
    remember(list, { userId: user.id, label: accountLabel(user), nickname: user.nickname, token }),
  )
}

/** End the local session; `forgetDevice` also drops this account from the switch list. */
export function signOut(qc: QueryClient, forgetDevice: boolean): void {
  const id = store.get(userIdAtom)
  if (forgetDevice && id) store.set(rememberedAccountsAtom, forget(store.get(rememberedAccountsAtom), id))
  void releaseDevicePush(store.get(tokenAtom))
  clearSession()
  qc.removeQueries({ queryKey: accountKeys.root })
}
