import type {
  CloseCategory,
  Conversation,
  ConversationStatus,
  QueueItem,
  ServiceMessage,
} from '@common/support/schema'
import type { Selectable } from 'kysely'
import type { ServiceConversationTable, ServiceMessageTable } from '../../db/schema-support'

/** Who is asking: a logged-in user or a visitor (by the hash of the app's visitor key). */
export type Owner = { userId: string } | { visitorHash: string }

export type ConvRow = Selectable<ServiceConversationTable>
export type MsgRow = Selectable<ServiceMessageTable> & { staff_name?: string | null }

const ms = (d: Date | string | null | undefined) => (d ? new Date(d).getTime() : null)

export function messageToWire(m: MsgRow): ServiceMessage {
  return {
    id: String(m.id),
    conversationId: String(m.conversation_id),
    from: m.sender,
    staffName: m.sender === 'staff' ? (m.staff_name ?? null) : null,
    body: m.body,
    image: m.image_id ? `service/image/${m.image_id}` : null,
    createdAt: ms(m.created_at) as number,
  }
}

export function conversationToWire(c: ConvRow, operatorName: string | null): Conversation {
  return {
    id: String(c.id),
    status: c.status as ConversationStatus,
    operatorName,
    category: (c.category as CloseCategory | null) ?? null,
    createdAt: ms(c.created_at) as number,
    closedAt: ms(c.closed_at),
    userReadUpTo: String(c.user_read),
    staffReadUpTo: String(c.staff_read),
  }
}

export function queueItemOf(
  c: ConvRow,
  names: { user: string | null; operator: string | null },
  unread: number,
): QueueItem {
  return {
    id: String(c.id),
    status: c.status as ConversationStatus,
    userId: c.user_id,
    userName: names.user,
    operatorId: c.operator_id,
    operatorName: names.operator,
    lastMessage: c.last_message,
    lastMessageAt: ms(c.last_message_at) as number,
    waitingSince: ms(c.waiting_since),
    unread,
    category: (c.category as CloseCategory | null) ?? null,
  }
}

/** The queue's one-line preview of a message. */
export function preview(body: string, hasImage: boolean): string {
  const line = body.replace(/\s+/g, ' ').trim()
  if (line) return line.length > 120 ? `${line.slice(0, 119)}…` : line
  return hasImage ? '[image]' : ''
}
