import { createHash, randomUUID } from 'node:crypto'
import type {
  CloseCategory,
  ConversationSummary,
  ConversationView,
  ServiceMessage,
} from '@common/support/schema'
import { type Db, perDb } from '../../db/db'
import { AppError } from '../../http/errors'
import type { Tx } from '../../ledger/ledger'
import { reencodeImage } from '../../platform/content/images'
import { supportBus } from './bus'
import * as repo from './chat-repo'
import { audienceOf, messagesOf, nameOf, queueItem } from './conversation'
import { type ConvRow, conversationToWire, messageToWire, type Owner, preview } from './wire'

export const hashVisitor = (key: string) => createHash('sha256').update(`service:${key}`).digest('hex')

/**
 * Customer service chat, the owner's side: conversations between a user (or visitor) and the
 * operators (the operators' side: desk.ts). One conversation is live (waiting or active) per
 * owner; a message after it was closed starts a new one. Events go out on the service bus after
 * commit.
 */
export class ChatService {
  constructor(private readonly db: Db) {}

  private get bus() {
    return supportBus(this.db)
  }

  /** The live conversation, else the latest, else null; or one by id (the owner's only). */
  async conversationOf(owner: Owner, id?: string): Promise<ConvRow | null> {
    if (id) return repo.ownConversation(this.db, owner, id)
    return (await repo.currentConversation(this.db, owner)) ?? null
  }

  async view(owner: Owner, id?: string): Promise<ConversationView> {
    const c = await this.conversationOf(owner, id)
    return {
      conversation: c ? conversationToWire(c, await nameOf(this.db, c.operator_id)) : null,
      messages: c ? await messagesOf(this.db, String(c.id)) : [],
      operatorsOnline: this.bus.presence.operators(),
    }
  }

  async conversations(userId: string): Promise<ConversationSummary[]> {
    const rows = await repo.conversationsOf(this.db, userId)
    return rows.map((c) => ({
      id: String(c.id),
      status: c.status,
      category: (c.category as CloseCategory | null) ?? null,
      lastMessage: c.last_message,
      createdAt: new Date(c.created_at).getTime(),
      closedAt: c.closed_at ? new Date(c.closed_at).getTime() : null,
    }))
  }

  /**
   * A visitor's conversation joins the account that just logged in on the same device: it becomes
   * the user's, or (when the user already has a live one) its messages move into that one. The
   * visitor key then grants nothing.
   */
  async merge(userId: string, visitorHash: string): Promise<void> {
    const moved = await this.db.transaction().execute(async (trx) => {
      const visitor = await repo.lockVisitorConversations(trx, visitorHash)
      if (visitor.length === 0) return false
      const live = await repo.lockLive(trx, { userId })
      for (const c of visitor) {
        if (live && c.status !== 'closed') await mergeInto(trx, c, live)
        else await repo.updateConversation(trx, String(c.id), { user_id: userId, visitor_hash: null })
      }
      await repo.adoptImages(trx, visitorHash, userId)
      return true
    })
    if (moved) {
      const c = await this.conversationOf({ userId })
      if (c) this.bus.toDesk({ queue: await queueItem(this.db, c) })
    }
  }

  /** A chat picture: size and type checked by content, re-encoded without metadata. */
  async uploadImage(owner: Owner, raw: Buffer): Promise<{ id: string; width: number; height: number }> {
    const img = await reencodeImage(raw)
    const id = randomUUID()
    await repo.insertImage(this.db, owner, { id, bytes: img.bytes, width: img.width, height: img.height })
    return { id, width: img.width, height: img.height }
  }

  /**
   * A chat picture for its conversation's owner and for staff; anyone else gets not-found. An
   * image not sent yet is its uploader's only.
   */
  async image(id: string, who: { owner: Owner | null; staff: boolean }): Promise<Buffer> {
    const row = await repo.imageOf(this.db, id)
    if (!row) throw new AppError('notFound')
    if (!who.staff && !(who.owner && repo.uploadedBy(row, who.owner))) throw new AppError('notFound')
    return Buffer.from(row.bytes)
  }

  /** A user's message: into the live conversation, or a new one (waiting for an operator). */
  async send(owner: Owner, input: { body: string; imageId?: string }): Promise<ServiceMessage> {
    const { msg, conv } = await this.db.transaction().execute(async (trx) => {
      if (input.imageId) {
        const img = await repo.imageOwner(trx, input.imageId)
        const used = await repo.imageSent(trx, input.imageId)
        if (!(img && repo.uploadedBy(img, owner)) || used) throw new AppError('serviceImageInvalid')
      }
      const live = await repo.lockLive(trx, owner)
      const now = new Date()
      const line = preview(input.body, !!input.imageId)
      const conv = live
        ? await repo.updateConversation(trx, String(live.id), {
            waiting_since: live.waiting_since ?? now,
            last_message: line,
            last_message_at: now,
          })
        : await repo.insertConversation(trx, {
            user_id: 'userId' in owner ? owner.userId : null,
            visitor_hash: 'visitorHash' in owner ? owner.visitorHash : null,
            waiting_since: now,
            last_message: line,
            last_message_at: now,
          })
      const msg = await repo.insertMessage(trx, {
        conversation_id: conv.id,
        sender: 'user',
        body: input.body,
        image_id: input.imageId ?? null,
      })
      // Writing is reading: the user's read mark moves past their own message.
      return { msg, conv: await repo.updateConversation(trx, String(conv.id), { user_read: msg.id }) }
    })
    const wire = messageToWire(msg)
    this.bus.toOwner(audienceOf(conv), { message: wire })
    this.bus.toDesk({ message: wire })
    this.bus.toDesk({ queue: await queueItem(this.db, conv) })
    return wire
  }

  /** Read mark of the owner's side, up to a message id of the live (or given) conversation. */
  async ownerRead(owner: Owner, upTo: string): Promise<void> {
    const c = await this.conversationOf(owner)
    if (!c) return
    const row = await repo.moveReadMark(this.db, String(c.id), 'user_read', upTo)
    this.bus.toDesk({ read: { conversationId: String(row.id), by: 'user', upTo: String(row.user_read) } })
  }

  async ownerTyping(owner: Owner): Promise<void> {
    const c = await this.conversationOf(owner)
    if (!c || c.status === 'closed') return
    this.bus.toDesk({ typing: { conversationId: String(c.id), from: 'user' } })
  }
}

/** A visitor's live conversation moves into the user's live one: its messages, waiting time and latest line. */
async function mergeInto(trx: Tx, c: ConvRow, live: ConvRow): Promise<void> {
  await repo.moveMessages(trx, String(c.id), String(live.id))
  await repo.updateConversation(trx, String(live.id), {
    waiting_since: live.waiting_since ?? c.waiting_since,
    ...(c.last_message_at > live.last_message_at
      ? { last_message: c.last_message, last_message_at: c.last_message_at }
      : {}),
  })
  await repo.deleteConversation(trx, String(c.id))
}

export const chatService = perDb((db) => new ChatService(db))
