import { PAGE_PENDING_MS } from '@common/constants'
import { createRouter } from '@tanstack/react-router'
import { routeTree } from '../routeTree.gen'
import { createAppHistory } from './hash-history'
import { queryClient } from './query'
import { parseSearch, stringifySearch } from './search-params'
import { PendingPage, RouteError } from './shell/RouteStatus'

export const router = createRouter({
  routeTree,
  history: createAppHistory(),
  context: { queryClient },
  defaultPreload: 'intent',
  // Loaders read the query cache; the router must not keep a second copy.
  defaultPreloadStaleTime: 0,
  defaultPendingMs: PAGE_PENDING_MS,
  defaultPendingComponent: PendingPage,
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
  // Plain `?id=1` in shared links; old JSON-quoted ones (`?id=%221%22`) still open (search-params.ts).
  parseSearch,
  stringifySearch,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
