import { PAGE_PENDING_MS } from '@common/constants'
import { createRouter } from '@tanstack/react-router'
import { routeTree } from '../routeTree.gen'
import { createAppHistory } from './hash-history'
import { queryClient } from './query'
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
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
