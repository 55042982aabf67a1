import { redirect } from '@tanstack/react-router'
import { store, tokenAtom } from '@/lib/store'

/** beforeLoad of pages that need a session: visitors go to login. */
export function requireLogin(): void {
  if (!store.get(tokenAtom)) throw redirect({ to: '/pages/login/index', replace: true })
}

/**
 * beforeLoad of login and register: a signed-in user goes to Mine instead, unless they asked to
 * add another account (`?add=1`, from the account switcher).
 */
export function guestOnly({ search }: { search: { add?: 1 } }): void {
  if (store.get(tokenAtom) && !search.add) throw redirect({ to: '/pages/mine/index', replace: true })
}

/** The `?add=1` search of login and register. */
export function addAccountSearch(s: Record<string, unknown>): { add?: 1 } {
  return s.add === 1 || s.add === '1' ? { add: 1 } : {}
}
