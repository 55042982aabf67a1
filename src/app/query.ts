import { APP_VERSION } from '@common/constants'
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { QueryClient } from '@tanstack/react-query'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, gcTime: 24 * 60 * 60 * 1000, retry: 1, refetchOnWindowFocus: true },
    mutations: { retry: 0 },
  },
})

/**
 * Only queries marked `meta: { persist: true }` (public lists: markets, news, help) are written
 * to storage, so one user's private data never outlives their session on a shared device.
 */
export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: createSyncStoragePersister({
    storage: window.localStorage,
    key: 'query-cache',
    // Live tickers change the cache every second and each save serialises every persisted list:
    // a save at most every 5 s (the last few seconds of prices are not worth keeping anyway).
    throttleTime: 5000,
  }),
  maxAge: 7 * 24 * 60 * 60 * 1000,
  buster: APP_VERSION,
  dehydrateOptions: {
    shouldDehydrateQuery: (q) => q.state.status === 'success' && q.meta?.persist === true,
  },
}
