import type { Page } from '@common/api/page'
import type {
  InviteSummary,
  Leaderboard,
  LeaderboardKind,
  RebateRecord,
  VipStatus,
} from '@common/invite/schema'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

/** Query keys of the invitation area: one root; `mine` holds what belongs to the signed-in user. */
export const inviteKeys = {
  root: ['invite'] as const,
  mine: () => [...inviteKeys.root, 'mine'] as const,
  summary: () => [...inviteKeys.mine(), 'summary'] as const,
  rebates: () => [...inviteKeys.mine(), 'rebates'] as const,
  vip: () => [...inviteKeys.mine(), 'vip'] as const,
  prefs: () => [...inviteKeys.mine(), 'prefs'] as const,
  board: (kind: LeaderboardKind) => [...inviteKeys.root, 'board', kind] as const,
}

export const summaryQueryOptions = () =>
  queryOptions({
    queryKey: inviteKeys.summary(),
    queryFn: ({ signal }) => http.get<InviteSummary>('invite/summary', undefined, { toast: false, signal }),
  })

const PAGE = 20
export const rebatesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: inviteKeys.rebates(),
    queryFn: ({ signal, pageParam }) =>
      http.get<Page<RebateRecord>>(
        'invite/rebates',
        { page: pageParam, size: PAGE },
        { toast: false, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  })

export const vipQueryOptions = () =>
  queryOptions({
    queryKey: inviteKeys.vip(),
    queryFn: ({ signal }) => http.get<VipStatus>('vip/status', undefined, { toast: false, signal }),
  })

export const boardQueryOptions = (kind: LeaderboardKind) =>
  queryOptions({
    queryKey: inviteKeys.board(kind),
    queryFn: ({ signal }) => http.get<Leaderboard>('leaderboard', { kind }, { toast: false, signal }),
  })

export const prefsQueryOptions = () =>
  queryOptions({
    queryKey: inviteKeys.prefs(),
    queryFn: ({ signal }) =>
      http.get<{ hideLeaderboard: boolean }>('invite/prefs', undefined, { toast: false, signal }),
  })

export const inviteApi = http
