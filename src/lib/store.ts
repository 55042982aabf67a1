import type { LangCode } from '@common/i18n/languages'
import { createStore } from 'jotai'
import { atomWithStorage, createJSONStorage } from 'jotai/utils'

/**
 * The client-stored data of docs/spec.md section 3, persisted in localStorage.
 * One jotai store is shared by React and by plain modules (http, socket), so a 1003 in the
 * HTTP layer clears the same token the screens read.
 */
export const store = createStore()

// getOnInit: read localStorage synchronously so the first render already knows token/theme/lang.
const opts = { getOnInit: true } as const
const json = <T>() => createJSONStorage<T>(() => localStorage)

export type Theme = 'light' | 'dark'
export interface StoredUser {
  id: string
  nickname?: string | null
  avatar?: string | null
  [key: string]: unknown
}
export interface Country {
  code: string
  dialCode: string
  flag: string
  name: Record<string, string>
}

export const tokenAtom = atomWithStorage<string | null>('token', null, json<string | null>(), opts)
export const userAtom = atomWithStorage<StoredUser | null>('user', null, json<StoredUser | null>(), opts)
export const userIdAtom = atomWithStorage<string | null>('userId', null, json<string | null>(), opts)
export const hideMoneyAtom = atomWithStorage<boolean>('hideMoney', false, json<boolean>(), opts)
export const logoMapAtom = atomWithStorage<Record<string, string>>(
  'logoMap',
  {},
  json<Record<string, string>>(),
  opts,
)
export const langAtom = atomWithStorage<LangCode>('lang', 'tw', json<LangCode>(), opts)
export const themeAtom = atomWithStorage<Theme>('theme', 'light', json<Theme>(), opts)
export const countryListAtom = atomWithStorage<Country[]>('countryList', [], json<Country[]>(), opts)

/** End the local session: what 1003 and SYS.0015 do. */
export function clearSession(): void {
  store.set(tokenAtom, null)
  store.set(userIdAtom, null)
  store.set(userAtom, null)
}
