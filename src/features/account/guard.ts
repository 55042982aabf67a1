import { redirect } from '@tanstack/react-router'
import { store, tokenAtom } from '@/app/store'

/** beforeLoad of pages that need a session: visitors go to login. */
export function requireLogin(): void {
  if (!store.get(tokenAtom)) throw redirect({ to: '/pages/login/index', replace: true })
}
