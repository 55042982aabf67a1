import type { Markets } from '@common/admin/types'
import type { MarketDataView } from '@common/market/index-status'
import { queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

/** The console's markets (/api/admin/markets/*). */
export const marketsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'markets'],
    queryFn: ({ signal }) => http.get<Markets>('admin/markets/list', undefined, { signal }),
  })

/** The console's market-data page (/api/admin/market-data), refreshed every 2 s. */
export const marketDataQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'market-data'],
    queryFn: ({ signal }) => http.get<MarketDataView>('admin/market-data', undefined, { signal }),
    refetchInterval: 2000,
  })
