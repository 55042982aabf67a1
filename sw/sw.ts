/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies'

declare const self: ServiceWorkerGlobalScope

// The shell and every route chunk, so the app starts offline after one visit.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
// The first visit is controlled at once, so it already works offline; later versions still wait
// for the user's consent (no skipWaiting here).
clientsClaim()

// Hash routing: every navigation is the shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/\/api\//, /\/socket\.io\//] }),
)

const ok = new CacheableResponsePlugin({ statuses: [200] })

// Public reference data that rarely changes. Only GETs are routed, and only these public paths:
// private answers are never stored.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && /\/api\/(getCountryList|getNewestVersion|index\/logo)$/.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: 'api-public', plugins: [ok] }),
)

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.includes('/api/logo/'),
  new CacheFirst({
    cacheName: 'images',
    plugins: [ok, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
)

// The page asks a waiting worker to take over only when the user accepts the update.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})
