import type { IndexStatus } from '@common/market/index-status'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

/**
 * Whether an instrument's index is current (GET /api/market/index-status). Live mode only can
 * make it stale; asked again every 5 s while a screen that depends on it is open.
 */
export const indexStatusQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: ['market', 'index-status', symbol],
    queryFn: ({ signal }) =>
      http.get<IndexStatus>('market/index-status', { symbol }, { toast: false, signal }),
    refetchInterval: 5000,
    staleTime: 4000,
  })

export function useIndexStatus(symbol: string): IndexStatus | undefined {
  return useQuery(indexStatusQueryOptions(symbol)).data
}
