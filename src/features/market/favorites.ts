import { CHANNEL_USER } from '@common/constants'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtom, useAtomValue } from 'jotai'
import { atomWithStorage, createJSONStorage } from 'jotai/utils'
import { useEffect } from 'react'
import { favoritesApi, favoritesQueryOptions, marketKeys } from '@/lib/market/api'
import { subscribe } from '@/lib/socket/client'
import { tokenAtom } from '@/lib/store'
import { toggle } from './market-list'

/** A visitor's favourites, kept on the device until they log in. */
export const localFavoritesAtom = atomWithStorage<string[]>(
  'favorites',
  [],
  createJSONStorage<string[]>(() => localStorage),
  { getOnInit: true },
)

let merging: Promise<unknown> | null = null

/**
 * Favourites: on the device for visitors, on the server for users (kept in sync across devices
 * by the private socket channel). At login the device's list joins the account's, once.
 */
export function useFavorites() {
  const token = useAtomValue(tokenAtom)
  const [local, setLocal] = useAtom(localFavoritesAtom)
  const qc = useQueryClient()
  const server = useQuery({ ...favoritesQueryOptions(), enabled: Boolean(token) })

  useEffect(() => {
    if (!token || local.length === 0 || merging) return
    merging = favoritesApi
      .merge(local)
      .then((list) => {
        qc.setQueryData(marketKeys.favorites(), list)
        setLocal([])
      })
      .catch(() => {})
      .finally(() => {
        merging = null
      })
  }, [token, local, qc, setLocal])

  useEffect(() => {
    if (!token) return
    // The user channel carries several kinds of update; only those with favourites are ours.
    return subscribe<{ favorites: string[] }, { favorites?: string[] }>(CHANNEL_USER, {
      onSnapshot: (d) => qc.setQueryData(marketKeys.favorites(), d.favorites),
      onMessage: (d) => {
        if (d.favorites) qc.setQueryData(marketKeys.favorites(), d.favorites)
      },
    })
  }, [token, qc])

  const mutation = useMutation({
    mutationFn: ({ symbol, on }: { symbol: string; on: boolean }) =>
      on ? favoritesApi.add(symbol) : favoritesApi.remove(symbol),
    onSuccess: (list) => qc.setQueryData(marketKeys.favorites(), list),
  })

  const list = token ? [...(server.data ?? []), ...local.filter((s) => !server.data?.includes(s))] : local
  return {
    list,
    has: (symbol: string) => list.includes(symbol),
    toggle(symbol: string) {
      if (!token) {
        setLocal(toggle(local, symbol))
        return
      }
      mutation.mutate({ symbol, on: !list.includes(symbol) })
    },
  }
}
