import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { tokenAtom } from '@/lib/store'
import { apiBase } from './client'

/**
 * Uploads are served only to their owner, the parties of an order and staff, so an <img src>
 * (no bearer token) cannot load them: fetched with this device's token. The Blob is cached (shared
 * by every view of the same picture); each mounted image makes and frees its own object URL, so a
 * picture shown again after its view closed is not a revoked URL.
 * `path` is relative to the API base; `needsToken: false` for visitors' service-chat pictures,
 * whose path carries the visitor key.
 */
export function usePrivateImage(
  path: string | null | undefined,
  { needsToken = true }: { needsToken?: boolean } = {},
): string | undefined {
  const token = useAtomValue(tokenAtom)
  const { data } = useQuery({
    queryKey: ['private-image', path, token],
    enabled: Boolean(path && (token || !needsToken)),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const res = await fetch(`${apiBase().replace(/\/$/, '')}/${path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal,
      })
      if (!res.ok || !res.headers.get('content-type')?.startsWith('image/')) return null
      return res.blob()
    },
  })
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!data) {
      setUrl(undefined)
      return
    }
    const u = URL.createObjectURL(data)
    setUrl(u)
    return () => URL.revokeObjectURL(u)
  }, [data])
  return url
}
