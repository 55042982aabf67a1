import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { tokenAtom } from '@/app/store'
import { apiBase } from '@/lib/http/client'
import { serviceApi } from './api'

/**
 * Chat and ticket pictures are served to their owner and staff only, so an <img src> (no bearer
 * token, no visitor key) cannot load them: fetched with this device's credentials instead.
 */
export function useServiceImage(path: string | null): string | undefined {
  const token = useAtomValue(tokenAtom)
  const { data } = useQuery({
    queryKey: ['service', 'image', path, token],
    enabled: Boolean(path),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const res = await fetch(`${apiBase().replace(/\/$/, '')}/${serviceApi.imagePath(path as string)}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal,
      })
      if (!res.ok || !res.headers.get('content-type')?.startsWith('image/')) return null
      return URL.createObjectURL(await res.blob())
    },
  })
  useEffect(() => () => (data ? URL.revokeObjectURL(data) : undefined), [data])
  return data ?? undefined
}
