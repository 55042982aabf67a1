import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { tokenAtom } from '@/app/store'
import { apiBase } from '@/lib/http/client'
import { imagePath } from './api'

/**
 * Order pictures (chat, payment proof, evidence, payment codes) are served to the order's parties
 * and staff only, so an <img src> (no bearer token) cannot load them: fetched with the token.
 */
export function useOrderImage(orderId: string, upload: string | null): string | undefined {
  const token = useAtomValue(tokenAtom)
  const { data } = useQuery({
    queryKey: ['c2c', 'image', orderId, upload, token],
    enabled: Boolean(upload && token),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const res = await fetch(`${apiBase().replace(/\/$/, '')}/${imagePath(orderId, upload as string)}`, {
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
