import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { tokenAtom } from '@/app/store'
import { apiBase } from '@/lib/http/client'

/**
 * Uploads are served only to their owner, so an <img src> (which carries no bearer token)
 * cannot load them; this fetches with the token and hands back an object URL.
 */
export function useAuthedImage(path: string | null | undefined): string | undefined {
  const token = useAtomValue(tokenAtom)
  const { data } = useQuery({
    queryKey: ['account', 'image', path, token],
    enabled: Boolean(path && token),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const res = await fetch(`${apiBase().replace(/\/$/, '')}/${path}`, {
        headers: { authorization: `Bearer ${token}` },
        signal,
      })
      if (!res.ok || !res.headers.get('content-type')?.startsWith('image/')) return null
      return URL.createObjectURL(await res.blob())
    },
  })
  useEffect(() => () => (data ? URL.revokeObjectURL(data) : undefined), [data])
  return data ?? undefined
}
