import type {
  ConversationView,
  HelpSuggestion,
  ServiceMessage,
  Ticket,
  TicketPage,
  TicketStatus,
  TicketType,
} from '@common/support/schema'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { http, upload } from '@/lib/http/client'
import { visitorKey } from './visitor'

export const serviceKeys = {
  all: ['service'] as const,
  conversation: (token: string) => ['service', 'conversation', token] as const,
  suggest: (q: string) => ['service', 'suggest', q] as const,
  tickets: (status: TicketStatus | 'all') => ['service', 'tickets', status] as const,
  ticket: (id: string) => ['service', 'ticket', id] as const,
}

/** Every chat call names the visitor key: a visitor is known by it, a user's call merges it. */
const withVisitor = (path: string) => `${path}?visitor=${visitorKey()}`

export const conversationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: serviceKeys.conversation(token),
    queryFn: ({ signal }) =>
      http.get<ConversationView>('service/conversation', { visitor: visitorKey() }, { toast: false, signal }),
    // Operators coming online are not pushed to visitors: look again now and then.
    refetchInterval: 30_000,
  })

export const suggestQueryOptions = (q: string) =>
  queryOptions({
    queryKey: serviceKeys.suggest(q),
    queryFn: ({ signal }) => http.get<HelpSuggestion[]>('service/suggest', { q }, { toast: false, signal }),
    staleTime: 5 * 60_000,
  })

export const supportApi = {
  send: (body: { body: string; imageId?: string }) =>
    http.post<ServiceMessage>(withVisitor('service/message'), body),
  read: (upTo: string) => http.post<null>(withVisitor('service/read'), { upTo }, { toast: false }),
  typing: () => http.post<null>(withVisitor('service/typing'), {}, { toast: false }),
  image: (file: Blob) => upload<{ id: string }>(withVisitor('service/image'), file),
  /** The path an image is fetched from with this device's credentials. */
  imagePath: (path: string) => (path.startsWith('service/') ? withVisitor(path) : path),
}

export const ticketsQueryOptions = (status: TicketStatus | 'all') =>
  infiniteQueryOptions({
    queryKey: serviceKeys.tickets(status),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      http.get<TicketPage>(
        'work/list',
        { page: pageParam, ...(status === 'all' ? {} : { status }) },
        { toast: false, signal },
      ),
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  })

export const ticketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: serviceKeys.ticket(id),
    queryFn: ({ signal }) => http.get<Ticket>(`work/${id}`, undefined, { toast: false, signal }),
  })

export const workApi = {
  create: (input: { type: TicketType; title: string; content: string; images: string[]; ticket: string }) =>
    http.post<Ticket>('work/create', input),
  reply: (id: string, body: string) => http.post<Ticket>(`work/${id}/reply`, { body }),
  close: (id: string) => http.post<Ticket>(`work/${id}/close`, {}),
  reopen: (id: string) => http.post<Ticket>(`work/${id}/reopen`, {}),
  uploadImage: (file: Blob) => upload<{ id: string }>('uploadImage', file),
}
