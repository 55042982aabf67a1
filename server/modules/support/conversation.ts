import type { QueueItem, ServiceMessage } from '@common/support/schema'
import type { Tx } from '../../ledger/ledger'
import type { Audience } from './bus'
import * as repo from './chat-repo'
import { type ConvRow, messageToWire, queueItemOf } from './wire'

/** What both sides of the chat read of a conversation: its audience, names, messages, queue line. */

const HISTORY = 200

/** Where a conversation's events go: its user's room, or its visitor's. */
export function audienceOf(c: ConvRow): Audience | null {
  if (c.user_id) return { userId: c.user_id }
  if (c.visitor_hash) return { visitorHash: c.visitor_hash }
  return null
}

export function nameOf(db: Tx, userId: string | null): Promise<string | null> {
  return userId ? repo.nickname(db, userId) : Promise.resolve(null)
}

/** The latest messages (at most 200), oldest first. */
export async function messagesOf(db: Tx, conversationId: string): Promise<ServiceMessage[]> {
  return (await repo.messagesOf(db, conversationId, HISTORY)).map(messageToWire)
}

/** The conversation as the desk's queue lists it. */
export async function queueItem(db: Tx, c: ConvRow): Promise<QueueItem> {
  const unread = await repo.unreadByStaff(db, c)
  return queueItemOf(
    c,
    { user: await nameOf(db, c.user_id), operator: await nameOf(db, c.operator_id) },
    unread,
  )
}
