import type { CountedPage } from '@common/api/page'
import type {
  AdminTicketSummary,
  CloseCategory,
  QueueItem,
  ServiceMessage,
  StaffConversationView,
  Ticket,
  TicketStatus,
  TicketType,
} from '@common/support/schema'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

export type QueueStatus = 'waiting' | 'mine' | 'active' | 'closed'

export const deskKeys = {
  all: ['service-desk'] as const,
  queue: (s: QueueStatus) => ['service-desk', 'queue', s] as const,
  conversation: (id: string) => ['service-desk', 'conversation', id] as const,
  tickets: (f: { type?: TicketType; status?: TicketStatus; page: number }) =>
    ['service-desk', 'tickets', f] as const,
  ticket: (id: string) => ['service-desk', 'ticket', id] as const,
}

export const queueQueryOptions = (status: QueueStatus) =>
  queryOptions({
    queryKey: deskKeys.queue(status),
    queryFn: ({ signal }) =>
      http.get<{ list: QueueItem[]; operatorsOnline: number }>('admin/service/queue', { status }, { signal }),
    refetchInterval: 30_000,
  })

export const deskConversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: deskKeys.conversation(id),
    queryFn: ({ signal }) =>
      http.get<StaffConversationView>('admin/service/conversation', { id }, { signal }),
  })

export const adminTicketsQueryOptions = (f: { type?: TicketType; status?: TicketStatus; page: number }) =>
  queryOptions({
    queryKey: deskKeys.tickets(f),
    queryFn: ({ signal }) =>
      http.get<CountedPage<AdminTicketSummary>>(
        'admin/service/tickets',
        { page: f.page, type: f.type, status: f.status },
        { signal },
      ),
    placeholderData: keepPreviousData,
  })

export const adminTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: deskKeys.ticket(id),
    queryFn: ({ signal }) => http.get<Ticket>(`admin/service/tickets/${id}`, undefined, { signal }),
  })

export const deskApi = {
  take: (id: string) => http.post<QueueItem>('admin/service/take', { id }),
  reply: (id: string, body: string) => http.post<ServiceMessage>('admin/service/reply', { id, body }),
  read: (id: string, upTo: string) => http.post<null>('admin/service/read', { id, upTo }, { toast: false }),
  typing: (id: string) => http.post<null>('admin/service/typing', { id }, { toast: false }),
  close: (id: string, category: CloseCategory) =>
    http.post<QueueItem>('admin/service/close', { id, category }),
  ticketReply: (id: string, body: string) => http.post<Ticket>(`admin/service/tickets/${id}/reply`, { body }),
  ticketClose: (id: string) => http.post<Ticket>(`admin/service/tickets/${id}/close`, {}),
}
