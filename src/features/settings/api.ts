import type { Release } from '@common/system/types'
import { queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'
import type { Country } from '@/lib/store'

const root = ['system'] as const

export const countryListQueryOptions = () =>
  queryOptions({
    queryKey: [...root, 'countries'],
    queryFn: () => http.get<Country[]>('getCountryList', undefined, { toast: false }),
    // Kept by the client store (countryListAtom), not again in the persisted query cache.
    staleTime: 24 * 60 * 60 * 1000,
  })

export const newestVersionQueryOptions = () =>
  queryOptions({
    queryKey: [...root, 'newest-version'],
    queryFn: () => http.get<Release>('getNewestVersion', undefined, { toast: false }),
    staleTime: 60 * 60 * 1000,
    meta: { persist: true },
  })

export const logoMapQueryOptions = () =>
  queryOptions({
    queryKey: [...root, 'logo'],
    queryFn: () => http.get<Record<string, string>>('index/logo', undefined, { toast: false }),
    staleTime: 60 * 60 * 1000,
    meta: { persist: true },
  })
