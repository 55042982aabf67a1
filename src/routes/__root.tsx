import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router'
import { areasFor } from '@/app/catalog-areas'
import { ensureAreas } from '@/app/i18n'
import { RootLayout } from '@/app/shell/RootLayout'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Each route renders with its area's messages already loaded (see catalog-areas.ts).
  beforeLoad: ({ location }) => ensureAreas(areasFor(location.pathname)),
  component: RootLayout,
  notFoundComponent: lazyRouteComponent(() => import('@/app/shell/NotFoundPage'), 'NotFoundPage'),
})
