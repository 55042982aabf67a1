/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { notificationTarget } from '../common/pwa/notification-route'

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

// Market lists: shown at once from the cache, refreshed behind (docs/design.md section 7); the live feed
// corrects them on subscribe. Candles are not cached this way: stale history would leave a gap.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && /\/api\/(floor|market\/(instruments|tickers))$/.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'api-market',
    plugins: [ok, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
)

// News, notices, help and service pages: the network when it answers, the last copy offline.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    /\/api\/(article\/(list|detail|serviceDetail)|services|login\/clause)$/.test(url.pathname),
  new NetworkFirst({
    cacheName: 'api-content',
    networkTimeoutSeconds: 5,
    plugins: [ok, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
)

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && /\/api\/(logo\/|article\/cover\/|banner\/image\/)/.test(url.pathname),
  new CacheFirst({
    cacheName: 'images',
    plugins: [ok, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
)

// The page asks a waiting worker to take over only when the user accepts the update.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// Web Push: show what the server sent (JSON {title, body, icon, tag, url}); a click opens its route.
self.addEventListener('push', (event) => {
  let p: { title?: string; body?: string; icon?: string; tag?: string; url?: string } = {}
  try {
    p = event.data?.json() ?? {}
  } catch {
    p = { body: event.data?.text() ?? '' }
  }
  event.waitUntil(
    self.registration.showNotification(p.title || 'Open Exchange', {
      body: p.body ?? '',
      icon: p.icon || '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      ...(p.tag ? { tag: p.tag } : {}),
      data: { url: typeof p.url === 'string' ? p.url : '/' },
    }),
  )
})

// A click opens the notification's route in the app: an open window of the app is focused and
// moved there, else a new one opens.
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = notificationTarget(event.notification.data, self.registration.scope)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((c) => new URL(c.url).origin === self.location.origin)
      if (open) {
        const focused = await open.focus().catch(() => open)
        // navigate() needs a window this worker controls; any other opens anew.
        if (await focused.navigate(url).catch(() => null)) return
      }
      await self.clients.openWindow(url)
    })(),
  )
})
