import { IMAGE_PICK_COUNT } from '@common/constants'
import * as v from 'valibot'
import type { CountedPage } from '../api/page'
import { idString } from '../spot/schema'

/**
 * Customer service chat and work orders (tickets): the wire shapes shared by the server and the
 * app. Ids are strings, times epoch ms. A visitor (not logged in) is known by a random key the
 * app keeps; the server stores only its hash.
 */

export const MESSAGE_MAX = 2000
export const TICKET_TITLE_MAX = 100
export const TICKET_CONTENT_MAX = 5000
export const TICKET_REPLY_MAX = 3000
/** A user may reopen a closed ticket for this long after it was closed. */
export const TICKET_REOPEN_DAYS = 7
/** How long a typing mark shows after the last keystroke signal. */
export const TYPING_SHOW_MS = 4000

export const TICKET_TYPES = ['account', 'deposit', 'withdraw', 'trade', 'security', 'other'] as const
export type TicketType = (typeof TICKET_TYPES)[number]
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]

export const CLOSE_CATEGORIES = ['account', 'funds', 'trading', 'security', 'feedback', 'other'] as const
export type CloseCategory = (typeof CLOSE_CATEGORIES)[number]

/** waiting: nobody took it yet; active: an operator has it; closed: done (a new message opens a new one). */
export type ConversationStatus = 'waiting' | 'active' | 'closed'

/** 32 hex characters from the app's random source. */
export const visitorKeySchema = v.pipe(
  v.string('invalid_visitor'),
  v.regex(/^[0-9a-f]{32}$/, 'invalid_visitor'),
)
export const visitorQuerySchema = v.object({ visitor: v.optional(visitorKeySchema) })
export const conversationQuerySchema = v.object({
  visitor: v.optional(visitorKeySchema),
  id: v.optional(idString),
})

const uuid = v.pipe(v.string('invalid_image'), v.uuid('invalid_image'))
export const imageIdSchema = v.object({ id: uuid })

const text = (max: number, key: string) => v.pipe(v.string(key), v.trim(), v.maxLength(max, key))

/** A chat message: text, an image, or both; never neither (docs/spec.md section 5: not empty). */
export const sendMessageSchema = v.pipe(
  v.object({ body: v.optional(text(MESSAGE_MAX, 'invalid_message'), ''), imageId: v.optional(uuid) }),
  v.check((m) => m.body !== '' || m.imageId !== undefined, 'empty_message'),
)
export const readSchema = v.object({ upTo: idString })
export const suggestQuerySchema = v.object({ q: v.pipe(v.string(), v.trim(), v.maxLength(200)) })

export const takeSchema = v.object({ id: idString })
export const staffMessageSchema = v.object({
  id: idString,
  body: v.pipe(text(MESSAGE_MAX, 'invalid_message'), v.minLength(1, 'empty_message')),
})
export const staffReadSchema = v.object({ id: idString, upTo: idString })
export const closeConversationSchema = v.object({
  id: idString,
  category: v.picklist(CLOSE_CATEGORIES, 'invalid_category'),
})
export const queueQuerySchema = v.object({
  status: v.optional(v.picklist(['waiting', 'active', 'mine', 'closed'] as const), 'waiting'),
})

export const createTicketSchema = v.object({
  type: v.picklist(TICKET_TYPES, 'invalid_type'),
  title: v.pipe(text(TICKET_TITLE_MAX, 'invalid_title'), v.minLength(1, 'required_title')),
  content: v.pipe(text(TICKET_CONTENT_MAX, 'invalid_content'), v.minLength(1, 'required_content')),
  images: v.optional(
    v.pipe(
      v.array(uuid),
      v.maxLength(IMAGE_PICK_COUNT, 'too_many_images'),
      v.check((a) => new Set(a).size === a.length, 'duplicate_image'),
    ),
    [],
  ),
  ticket: v.pipe(v.string('slider_required'), v.minLength(10, 'slider_required'), v.maxLength(100)),
})
export const ticketReplySchema = v.object({
  body: v.pipe(text(TICKET_REPLY_MAX, 'invalid_reply'), v.minLength(1, 'required_reply')),
})
export const ticketParamsSchema = v.object({ id: idString })
export const ticketListQuerySchema = v.object({
  status: v.optional(v.picklist(TICKET_STATUSES)),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), '1'),
})
export const adminTicketQuerySchema = v.object({
  type: v.optional(v.picklist(TICKET_TYPES)),
  status: v.optional(v.picklist(TICKET_STATUSES)),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), '1'),
})

export interface ServiceMessage {
  id: string
  conversationId: string
  from: 'user' | 'staff' | 'system'
  /** The operator's nickname on staff messages. */
  staffName: string | null
  body: string
  /** Path under the API base (`service/image/<id>`), fetched with the reader's credentials. */
  image: string | null
  createdAt: number
}

export interface Conversation {
  id: string
  status: ConversationStatus
  operatorName: string | null
  category: CloseCategory | null
  createdAt: number
  closedAt: number | null
  /** Highest message id each side has read. */
  userReadUpTo: string
  staffReadUpTo: string
}

export interface ConversationView {
  conversation: Conversation | null
  messages: ServiceMessage[]
  operatorsOnline: number
}

export interface ConversationSummary {
  id: string
  status: ConversationStatus
  category: CloseCategory | null
  lastMessage: string
  createdAt: number
  closedAt: number | null
}

export interface HelpSuggestion {
  id: string
  title: string
  summary: string
}

/** What the `service` channels carry (one field per message). */
export type ServiceEvent =
  | { message: ServiceMessage }
  | { typing: { conversationId: string; from: 'user' | 'staff' } }
  | { read: { conversationId: string; by: 'user' | 'staff'; upTo: string } }
  | { conversation: Conversation }
  | { queue: QueueItem }
  | { operators: number }

export interface QueueItem {
  id: string
  status: ConversationStatus
  userId: string | null
  /** Nickname, or null for a visitor. */
  userName: string | null
  operatorId: string | null
  operatorName: string | null
  lastMessage: string
  lastMessageAt: number
  /** When the oldest unanswered user message arrived; null when staff spoke last. */
  waitingSince: number | null
  unread: number
  category: CloseCategory | null
}

export interface StaffConversationView {
  item: QueueItem
  conversation: Conversation
  messages: ServiceMessage[]
  profile: {
    uid: number
    nickname: string
    email: string | null
    phone: string | null
    status: string
    createdAt: number
    identity: string
  } | null
  orders: {
    id: string
    symbol: string
    side: string
    type: string
    price: string | null
    amount: string | null
    filled: string
    status: string
    createdAt: number
  }[]
}

export interface TicketReply {
  id: string
  from: 'user' | 'staff'
  staffName: string | null
  body: string
  createdAt: number
}

export interface Ticket {
  id: string
  number: string
  type: TicketType
  title: string
  content: string
  images: string[]
  status: TicketStatus
  createdAt: number
  updatedAt: number
  closedAt: number | null
  /** Whether the owner may still reopen it (closed less than TICKET_REOPEN_DAYS ago). */
  canReopen: boolean
  replies: TicketReply[]
}

export type TicketSummary = Omit<Ticket, 'content' | 'images' | 'replies'> & { replyCount: number }

export type TicketPage = CountedPage<TicketSummary>

export interface AdminTicketSummary extends TicketSummary {
  userId: string
  userName: string
}
