import { createHash, randomUUID } from 'node:crypto'
import { matchScore, searchTerms } from '@common/support/rules'
import type {
  CloseCategory,
  ConversationSummary,
  ConversationView,
  HelpSuggestion,
  QueueItem,
  ServiceMessage,
  StaffConversationView,
} from '@common/support/schema'
import { type Kysely, sql } from 'kysely'
import { type Db, perDb } from '../../db/db'
import type { Database } from '../../db/schema'
import { AppError } from '../../http/errors'
import { langChain, pickText, textsOf } from '../../platform/content/article-texts'
import { reencodeImage } from '../../platform/content/images'
import { summarize } from '../../platform/content/markdown'
import { pushService } from '../../platform/notify/push-service'
import { type Audience, supportBus } from './bus'
import { supportPushText } from './push-texts'
import { type ConvRow, conversationToWire, type MsgRow, messageToWire, preview, queueItemOf } from './wire'

/** Who is asking: a logged-in user or a visitor (by the hash of the app's visitor key). */
export type Owner = { userId: string } | { visitorHash: string }

type Tx = Kysely<Database>

export const hashVisitor = (key: string) => createHash('sha256').update(`service:${key}`).digest('hex')

const HISTORY = 200
const SUGGESTIONS = 4

function audienceOf(c: ConvRow): Audience | null {
  if (c.user_id) return { userId: c.user_id }
  if (c.visitor_hash) return { visitorHash: c.visitor_hash }
  return null
}

/**
 * Customer service chat: conversations between a user (or visitor) and the operators. One
 * conversation is live (waiting or active) per owner; a message after it was closed starts a
 * new one. Events go out on the service bus after commit.
 */
export class ChatService {
  constructor(private readonly db: Db) {}

  private get bus() {
    return supportBus(this.db)
  }

  private convQuery(owner: Owner) {
    const q = this.db.selectFrom('service_conversation').selectAll()
    return 'userId' in owner
      ? q.where('user_id', '=', owner.userId)
      : q.where('visitor_hash', '=', owner.visitorHash)
  }

  /** The live conversation, else the latest, else null; or one by id (the owner's only). */
  async conversationOf(owner: Owner, id?: string): Promise<ConvRow | null> {
    if (id) {
      const row = await this.convQuery(owner).where('id', '=', id).executeTakeFirst()
      if (!row) throw new AppError('notFound')
      return row
    }
    return (
      (await this.convQuery(owner)
        .orderBy(sql`status = 'closed'`)
        .orderBy('id', 'desc')
        .executeTakeFirst()) ?? null
    )
  }

  private async nameOf(userId: string | null): Promise<string | null> {
    if (!userId) return null
    const u = await this.db.selectFrom('users').select('nickname').where('id', '=', userId).executeTakeFirst()
    return u?.nickname ?? null
  }

  async messages(conversationId: string): Promise<ServiceMessage[]> {
    const rows = await this.db
      .selectFrom('service_message as m')
      .leftJoin('users as u', 'u.id', 'm.staff_id')
      .selectAll('m')
      .select('u.nickname as staff_name')
      .where('m.conversation_id', '=', conversationId)
      .orderBy('m.id', 'desc')
      .limit(HISTORY)
      .execute()
    return rows.reverse().map((r) => messageToWire(r as MsgRow))
  }

  async view(owner: Owner, id?: string): Promise<ConversationView> {
    const c = await this.conversationOf(owner, id)
    return {
      conversation: c ? conversationToWire(c, await this.nameOf(c.operator_id)) : null,
      messages: c ? await this.messages(String(c.id)) : [],
      operatorsOnline: this.bus.presence.operators(),
    }
  }

  async conversations(userId: string): Promise<ConversationSummary[]> {
    const rows = await this.convQuery({ userId }).orderBy('id', 'desc').limit(50).execute()
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
      const visitor = await trx
        .selectFrom('service_conversation')
        .selectAll()
        .where('visitor_hash', '=', visitorHash)
        .where('user_id', 'is', null)
        .orderBy('id')
        .forUpdate()
        .execute()
      if (visitor.length === 0) return false
      const live = await trx
        .selectFrom('service_conversation')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '<>', 'closed')
        .forUpdate()
        .executeTakeFirst()
      for (const c of visitor) {
        if (live && c.status !== 'closed') {
          await trx
            .updateTable('service_message')
            .set({ conversation_id: live.id })
            .where('conversation_id', '=', c.id)
            .execute()
          await trx
            .updateTable('service_conversation')
            .set({
              waiting_since: live.waiting_since ?? c.waiting_since,
              ...(c.last_message_at > live.last_message_at
                ? { last_message: c.last_message, last_message_at: c.last_message_at }
                : {}),
            })
            .where('id', '=', live.id)
            .execute()
          await trx.deleteFrom('service_conversation').where('id', '=', c.id).execute()
        } else {
          await trx
            .updateTable('service_conversation')
            .set({ user_id: userId, visitor_hash: null })
            .where('id', '=', c.id)
            .execute()
        }
      }
      await trx
        .updateTable('service_image')
        .set({ user_id: userId, visitor_hash: null })
        .where('visitor_hash', '=', visitorHash)
        .execute()
      return true
    })
    if (moved) {
      const c = await this.conversationOf({ userId })
      if (c) this.bus.toDesk({ queue: await this.queueItem(c) })
    }
  }

  /** A chat picture: size and type checked by content, re-encoded without metadata. */
  async uploadImage(owner: Owner, raw: Buffer): Promise<{ id: string; width: number; height: number }> {
    const img = await reencodeImage(raw)
    const id = randomUUID()
    await this.db
      .insertInto('service_image')
      .values({
        id,
        user_id: 'userId' in owner ? owner.userId : null,
        visitor_hash: 'visitorHash' in owner ? owner.visitorHash : null,
        mime: 'image/jpeg',
        size: img.bytes.length,
        width: img.width,
        height: img.height,
        bytes: img.bytes,
      })
      .execute()
    return { id, width: img.width, height: img.height }
  }

  /**
   * A chat picture for its conversation's owner and for staff; anyone else gets not-found. An
   * image not sent yet is its uploader's only.
   */
  async image(id: string, who: { owner: Owner | null; staff: boolean }): Promise<Buffer> {
    const row = await this.db
      .selectFrom('service_image')
      .select(['bytes', 'user_id', 'visitor_hash'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) throw new AppError('notFound')
    if (who.staff) return Buffer.from(row.bytes)
    const o = who.owner
    const mine =
      !!o &&
      ('userId' in o
        ? row.user_id === o.userId
        : row.visitor_hash !== null && row.visitor_hash === o.visitorHash)
    if (!mine) throw new AppError('notFound')
    return Buffer.from(row.bytes)
  }

  /** A user's message: into the live conversation, or a new one (waiting for an operator). */
  async send(owner: Owner, input: { body: string; imageId?: string }): Promise<ServiceMessage> {
    const { msg, conv } = await this.db.transaction().execute(async (trx) => {
      if (input.imageId) {
        const img = await trx
          .selectFrom('service_image')
          .select(['user_id', 'visitor_hash'])
          .where('id', '=', input.imageId)
          .executeTakeFirst()
        const mine =
          img && ('userId' in owner ? img.user_id === owner.userId : img.visitor_hash === owner.visitorHash)
        const used = await trx
          .selectFrom('service_message')
          .select('id')
          .where('image_id', '=', input.imageId)
          .executeTakeFirst()
        if (!mine || used) throw new AppError('serviceImageInvalid')
      }
      let conv = await trx
        .selectFrom('service_conversation')
        .selectAll()
        .where('status', '<>', 'closed')
        .where(
          'userId' in owner ? 'user_id' : 'visitor_hash',
          '=',
          'userId' in owner ? owner.userId : owner.visitorHash,
        )
        .forUpdate()
        .executeTakeFirst()
      const now = new Date()
      const line = preview(input.body, !!input.imageId)
      if (!conv) {
        conv = await trx
          .insertInto('service_conversation')
          .values({
            user_id: 'userId' in owner ? owner.userId : null,
            visitor_hash: 'visitorHash' in owner ? owner.visitorHash : null,
            waiting_since: now,
            last_message: line,
            last_message_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
      } else {
        conv = await trx
          .updateTable('service_conversation')
          .set({ waiting_since: conv.waiting_since ?? now, last_message: line, last_message_at: now })
          .where('id', '=', conv.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      }
      const msg = await trx
        .insertInto('service_message')
        .values({
          conversation_id: conv.id,
          sender: 'user',
          body: input.body,
          image_id: input.imageId ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      // Writing is reading: the user's read mark moves past their own message.
      conv = await trx
        .updateTable('service_conversation')
        .set({ user_read: msg.id })
        .where('id', '=', conv.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      return { msg, conv }
    })
    const wire = messageToWire(msg)
    this.bus.toOwner(audienceOf(conv), { message: wire })
    this.bus.toDesk({ message: wire })
    this.bus.toDesk({ queue: await this.queueItem(conv) })
    return wire
  }

  /** Read mark of the owner's side, up to a message id of the live (or given) conversation. */
  async ownerRead(owner: Owner, upTo: string): Promise<void> {
    const c = await this.conversationOf(owner)
    if (!c) return
    const row = await this.db
      .updateTable('service_conversation')
      .set({
        user_read: sql`greatest(user_read, least(${upTo}::bigint, (select coalesce(max(id), 0) from service_message where conversation_id = ${c.id})))`,
      })
      .where('id', '=', c.id)
      .returning(['id', 'user_read'])
      .executeTakeFirstOrThrow()
    this.bus.toDesk({ read: { conversationId: String(row.id), by: 'user', upTo: String(row.user_read) } })
  }

  async ownerTyping(owner: Owner): Promise<void> {
    const c = await this.conversationOf(owner)
    if (!c || c.status === 'closed') return
    this.bus.toDesk({ typing: { conversationId: String(c.id), from: 'user' } })
  }

  /** Help academy articles matching a typed question, best first (the chat's quick answers). */
  async suggest(q: string, lang: string): Promise<HelpSuggestion[]> {
    const terms = searchTerms(q)
    if (terms.length === 0) return []
    const chain = langChain(lang as Parameters<typeof langChain>[0])
    const hits = await this.db
      .selectFrom('article as a')
      .innerJoin('article_text as t', 't.article_id', 'a.id')
      .select(['a.id', 't.title', 't.body'])
      .where('a.type', '=', 'help')
      .where('a.status', '=', 'published')
      .where('a.publish_at', '<=', sql<Date>`now()`)
      .where('t.lang', 'in', chain)
      .where((eb) =>
        eb.or(terms.flatMap((w) => [eb('t.title', 'ilike', `%${w}%`), eb('t.body', 'ilike', `%${w}%`)])),
      )
      .limit(100)
      .execute()
    const scored = new Map<string, number>()
    for (const h of hits) {
      const id = String(h.id)
      scored.set(id, Math.max(scored.get(id) ?? 0, matchScore(terms, h.title, h.body)))
    }
    const ids = [...scored.entries()]
      .sort((a, b) => b[1] - a[1] || Number(b[0]) - Number(a[0]))
      .slice(0, SUGGESTIONS)
      .map(([id]) => id)
    const texts = await textsOf(this.db, ids)
    return ids.map((id) => {
      const t = pickText(texts.get(id) ?? [], chain)
      return { id, title: t?.title ?? '', summary: summarize(t?.body ?? '') }
    })
  }

  // ---- staff side ----

  async queueItem(c: ConvRow): Promise<QueueItem> {
    const unread = await this.db
      .selectFrom('service_message')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('conversation_id', '=', c.id)
      .where('sender', '=', 'user')
      .where('id', '>', c.staff_read)
      .executeTakeFirstOrThrow()
    return queueItemOf(
      c,
      { user: await this.nameOf(c.user_id), operator: await this.nameOf(c.operator_id) },
      Number(unread.n),
    )
  }

  async queue(status: 'waiting' | 'active' | 'mine' | 'closed', staffId: string): Promise<QueueItem[]> {
    let q = this.db.selectFrom('service_conversation').selectAll()
    if (status === 'mine') q = q.where('status', '=', 'active').where('operator_id', '=', staffId)
    else q = q.where('status', '=', status)
    const rows = await q
      .orderBy(
        status === 'closed' ? sql`closed_at` : sql`coalesce(waiting_since, last_message_at)`,
        status === 'closed' ? 'desc' : 'asc',
      )
      .limit(100)
      .execute()
    return Promise.all(rows.map((c) => this.queueItem(c)))
  }

  private async staffConv(id: string): Promise<ConvRow> {
    const c = await this.db
      .selectFrom('service_conversation')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
    if (!c) throw new AppError('notFound')
    return c
  }

  async staffView(id: string): Promise<StaffConversationView> {
    const c = await this.staffConv(id)
    let profile: StaffConversationView['profile'] = null
    let orders: StaffConversationView['orders'] = []
    if (c.user_id) {
      const u = await this.db
        .selectFrom('users as u')
        .leftJoin('identity as i', 'i.user_id', 'u.id')
        .select([
          'u.uid',
          'u.nickname',
          'u.email',
          'u.phone',
          'u.status',
          'u.created_at',
          'i.advanced_status',
        ])
        .where('u.id', '=', c.user_id)
        .executeTakeFirst()
      if (u)
        profile = {
          uid: Number(u.uid),
          nickname: u.nickname,
          email: u.email,
          phone: u.phone,
          status: u.status,
          createdAt: new Date(u.created_at).getTime(),
          identity: u.advanced_status ?? 'none',
        }
      const rows = await this.db
        .selectFrom('spot_order')
        .select(['id', 'symbol', 'side', 'type', 'price', 'amount', 'filled', 'status', 'created_at'])
        .where('holder', '=', c.user_id)
        .orderBy('id', 'desc')
        .limit(10)
        .execute()
      orders = rows.map((o) => ({
        id: String(o.id),
        symbol: o.symbol,
        side: o.side,
        type: o.type,
        price: o.price,
        amount: o.amount,
        filled: o.filled,
        status: o.status,
        createdAt: new Date(o.created_at).getTime(),
      }))
    }
    return {
      item: await this.queueItem(c),
      conversation: conversationToWire(c, await this.nameOf(c.operator_id)),
      messages: await this.messages(String(c.id)),
      profile,
      orders,
    }
  }

  /**
   * An operator takes a waiting conversation. The update's condition (still waiting) makes the
   * take atomic: of two operators taking at once, one gets the row and the other 2300.
   */
  async take(
    id: string,
    staffId: string,
    audit: (trx: Tx, before: ConvRow, after: ConvRow) => Promise<void>,
  ): Promise<QueueItem> {
    const after = await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('service_conversation')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst()
      if (!before) throw new AppError('notFound')
      const row = await trx
        .updateTable('service_conversation')
        .set({ status: 'active', operator_id: staffId })
        .where('id', '=', id)
        .where('status', '=', 'waiting')
        .returningAll()
        .executeTakeFirst()
      if (!row) throw new AppError(before.status === 'closed' ? 'conversationClosed' : 'conversationTaken')
      await audit(trx, before, row)
      return row
    })
    const item = await this.queueItem(after)
    this.bus.toDesk({ queue: item })
    this.bus.toOwner(audienceOf(after), { conversation: conversationToWire(after, item.operatorName) })
    return item
  }

  private async assertMine(id: string, staffId: string): Promise<ConvRow> {
    const c = await this.staffConv(id)
    if (c.status === 'closed') throw new AppError('conversationClosed')
    if (c.status !== 'active' || c.operator_id !== staffId) throw new AppError('conversationNotYours')
    return c
  }

  async reply(
    id: string,
    staffId: string,
    body: string,
    audit: (trx: Tx, msgId: string) => Promise<void>,
  ): Promise<ServiceMessage> {
    await this.assertMine(id, staffId)
    const { msg, conv } = await this.db.transaction().execute(async (trx) => {
      const now = new Date()
      const msg = await trx
        .insertInto('service_message')
        .values({ conversation_id: id, sender: 'staff', staff_id: staffId, body })
        .returningAll()
        .executeTakeFirstOrThrow()
      const conv = await trx
        .updateTable('service_conversation')
        .set({
          waiting_since: null,
          last_message: preview(body, false),
          last_message_at: now,
          staff_read: msg.id,
        })
        .where('id', '=', id)
        .where('operator_id', '=', staffId)
        .where('status', '=', 'active')
        .returningAll()
        .executeTakeFirst()
      if (!conv) throw new AppError('conversationNotYours')
      await audit(trx, String(msg.id))
      return { msg, conv }
    })
    const wire = messageToWire({ ...msg, staff_name: await this.nameOf(staffId) })
    const to = audienceOf(conv)
    this.bus.toOwner(to, { message: wire })
    this.bus.toDesk({ message: wire })
    this.bus.toDesk({ queue: await this.queueItem(conv) })
    // The app is closed (no socket holds the user's channel): a push brings the reply.
    if (conv.user_id && to && !this.bus.presence.owner(to)) {
      const userId = conv.user_id
      const push = pushService(this.db)
      push.background('service reply push', () =>
        push.push(userId, 'notice', (lang) => ({
          title: supportPushText(lang, 'chatTitle'),
          body: body.length > 140 ? `${body.slice(0, 139)}…` : body,
          icon: '/icons/icon-192.png',
          tag: `service-${conv.id}`,
          url: '/#/pages/service/home',
        })),
      )
    }
    return wire
  }

  async staffRead(id: string, upTo: string): Promise<void> {
    const c = await this.staffConv(id)
    const row = await this.db
      .updateTable('service_conversation')
      .set({
        staff_read: sql`greatest(staff_read, least(${upTo}::bigint, (select coalesce(max(id), 0) from service_message where conversation_id = ${c.id})))`,
      })
      .where('id', '=', c.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    const read = { conversationId: String(row.id), by: 'staff' as const, upTo: String(row.staff_read) }
    this.bus.toOwner(audienceOf(row), { read })
    this.bus.toDesk({ read })
  }

  async staffTyping(id: string, staffId: string): Promise<void> {
    const c = await this.assertMine(id, staffId)
    this.bus.toOwner(audienceOf(c), { typing: { conversationId: String(c.id), from: 'staff' } })
  }

  async close(
    id: string,
    staffId: string,
    category: CloseCategory,
    audit: (trx: Tx, before: ConvRow, after: ConvRow) => Promise<void>,
  ): Promise<QueueItem> {
    const after = await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('service_conversation')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
      if (!before) throw new AppError('notFound')
      if (before.status === 'closed') throw new AppError('conversationClosed')
      // A waiting conversation may be closed by anyone (spam); a taken one only by its operator.
      if (before.status === 'active' && before.operator_id !== staffId)
        throw new AppError('conversationNotYours')
      const row = await trx
        .updateTable('service_conversation')
        .set({
          status: 'closed',
          category,
          closed_at: new Date(),
          waiting_since: null,
          operator_id: before.operator_id ?? staffId,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      await audit(trx, before, row)
      return row
    })
    const item = await this.queueItem(after)
    this.bus.toDesk({ queue: item })
    this.bus.toOwner(audienceOf(after), { conversation: conversationToWire(after, item.operatorName) })
    return item
  }
}

export const chatService = perDb((db) => new ChatService(db))
