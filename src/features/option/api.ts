import type { Page } from '@common/api/page'
import type { OptionOrder, OptionOrderInput, OptionRound, OptionRounds } from '@common/option/schema'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'
import { HttpError } from '@/lib/http/errors'

/** The market the option screen opens on when none, or one without options, is asked for. */
export const DEFAULT_SYMBOL = 'BTCUSDT'

/** The server's answer for a market that has no options (the screen then opens the default). */
export const isNotOffered = (e: unknown): boolean =>
  e instanceof HttpError && e.key === 'error.option_not_offered'

export const optionKeys = {
  root: ['option'] as const,
  rounds: (symbol: string) => ['option', 'rounds', symbol] as const,
  ticks: (symbol: string) => ['option', 'ticks', symbol] as const,
  open: () => ['option', 'orders', 'open'] as const,
  records: () => ['option', 'orders', 'records'] as const,
  round: (id: string) => ['option', 'round', id] as const,
}

export interface OrdersPage extends Page<OptionOrder> {
  now: number
}

/** The buyable round of every offered period; refreshed so a passed cut-off moves to the next round. */
export const roundsQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: optionKeys.rounds(symbol),
    queryFn: ({ signal }) => http.get<OptionRounds>('option/rounds', { symbol }, { toast: false, signal }),
    refetchInterval: 2_000,
    retry: (n, e) => !isNotOffered(e) && n < 1,
  })

export const ticksQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: optionKeys.ticks(symbol),
    queryFn: ({ signal }) =>
      http.get<{ t: number; p: string }[]>(
        'option/ticks',
        { symbol, seconds: 180 },
        { toast: false, signal },
      ),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** The user's options not settled yet, polled every second while there are any. */
export const openOrdersQueryOptions = () =>
  queryOptions({
    queryKey: optionKeys.open(),
    queryFn: ({ signal }) =>
      http.get<OrdersPage>('option/orders', { status: 'open', limit: 50 }, { toast: false, signal }),
    refetchInterval: (q) => ((q.state.data?.list.length ?? 0) > 0 ? 1_000 : 10_000),
  })

export const recordsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: optionKeys.records(),
    queryFn: ({ pageParam, signal }) =>
      http.get<OrdersPage>(
        'option/orders',
        { limit: 20, ...(pageParam ? { before: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? last.list[last.list.length - 1]?.id : undefined),
  })

export const roundQueryOptions = (id: string) =>
  queryOptions({
    queryKey: optionKeys.round(id),
    queryFn: ({ signal }) => http.get<OptionRound>(`option/round/${id}`, undefined, { signal }),
  })

export const placeOption = (body: OptionOrderInput) => http.post<OptionOrder>('option/order', body)
