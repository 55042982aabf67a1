import { type Insertable, sql, type Updateable } from 'kysely'
import { columnOf, updateById } from '../../db/rows'
import type { ServiceConversationTable, ServiceMessageTable } from '../../db/schema-support'
import { AppError } from '../../http/errors'
import type { Tx } from '../../ledger/ledger'
import type { ConvRow, MsgRow, Owner } from './wire'

/** Queries of the service chat: conversations, messages and chat pictures. */

const ownedBy = (owner: Owner) =>
  'userId' in owner ? (['user_id', owner.userId] as const) : (['visitor_hash', owner.visitorHash] as const)

function ofOwner(db: Tx, owner: Owner) {
  const [col, value] = ownedBy(owner)
  return db.selectFrom('service_conversation').selectAll().where(col, '=', value)
}

/** One of the owner's conversations by id; 'notFound' for anyone else's. */
export async function ownConversation(db: Tx, owner: Owner, id: string): Promise<ConvRow> {
  const row = await ofOwner(db, owner).where('id', '=', id).executeTakeFirst()
  if (!row) throw new AppError('notFound')
  return row
}

/** The owner's live conversation, else the latest. */
export function currentConversation(db: Tx, owner: Owner): Promise<ConvRow | undefined> {
  return ofOwner(db, owner).orderBy(sql`status = 'closed'`).orderBy('id', 'desc').executeTakeFirst()
}

/** A user's conversations, newest first (at most 50). */
export function conversationsOf(db: Tx, userId: string): Promise<ConvRow[]> {
  return ofOwner(db, { userId }).orderBy('id', 'desc').limit(50).execute()
}

/** The owner's live (waiting or active) conversation, locked. */
export function lockLive(trx: Tx, owner: Owner): Promise<ConvRow | undefined> {
  return ofOwner(trx, owner).where('status', '<>', 'closed').forUpdate().executeTakeFirst()
}

/** A visitor's conversations not yet joined to an account, locked, oldest first. */
export function lockVisitorConversations(trx: Tx, visitorHash: string): Promise<ConvRow[]> {
  return trx
    .selectFrom('service_conversation')
    .selectAll()
    .where('visitor_hash', '=', visitorHash)
    .where('user_id', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute()
}

/** A conversation by id (any owner's: the staff side); 'notFound' when there is none. */
export async function conversationById(db: Tx, id: string, lock = false): Promise<ConvRow> {
  let q = db.selectFrom('service_conversation').selectAll().where('id', '=', id)
  if (lock) q = q.forUpdate()
  const c = await q.executeTakeFirst()
  if (!c) throw new AppError('notFound')
  return c
}

export function insertConversation(trx: Tx, values: Insertable<ServiceConversationTable>): Promise<ConvRow> {
  return trx.insertInto('service_conversation').values(values).returningAll().executeTakeFirstOrThrow()
}

export function updateConversation(
  trx: Tx,
  id: string,
  set: Updateable<ServiceConversationTable>,
): Promise<ConvRow> {
  return updateById(trx, 'service_conversation', id, set)
}

export async function deleteConversation(trx: Tx, id: string): Promise<void> {
  await trx.deleteFrom('service_conversation').where('id', '=', id).execute()
}

/** A visitor's messages move into another conversation (the user's live one). */
export async function moveMessages(trx: Tx, from: string, to: string): Promise<void> {
  await trx
    .updateTable('service_message')
    .set({ conversation_id: to })
    .where('conversation_id', '=', from)
    .execute()
}

/** A visitor's chat pictures become the user's. */
export async function adoptImages(trx: Tx, visitorHash: string, userId: string): Promise<void> {
  await trx
    .updateTable('service_image')
    .set({ user_id: userId, visitor_hash: null })
    .where('visitor_hash', '=', visitorHash)
    .execute()
}

/** The latest messages of a conversation (at most `limit`), oldest first, with the operator's nickname. */
export async function messagesOf(db: Tx, conversationId: string, limit: number): Promise<MsgRow[]> {
  const rows = await db
    .selectFrom('service_message as m')
    .leftJoin('users as u', 'u.id', 'm.staff_id')
    .selectAll('m')
    .select('u.nickname as staff_name')
    .where('m.conversation_id', '=', conversationId)
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute()
  return rows.reverse() as MsgRow[]
}

export function insertMessage(trx: Tx, values: Insertable<ServiceMessageTable>) {
  return trx.insertInto('service_message').values(values).returningAll().executeTakeFirstOrThrow()
}

/** A side's read mark moves up to `upTo`, never past the last message and never back. */
export function moveReadMark(
  db: Tx,
  id: string,
  side: 'user_read' | 'staff_read',
  upTo: string,
): Promise<ConvRow> {
  return updateConversation(db, id, {
    [side]: sql`greatest(${sql.ref(side)}, least(${upTo}::bigint, (select coalesce(max(id), 0) from service_message where conversation_id = ${id})))`,
  })
}

/** The user's messages the operators have not read. */
export async function unreadByStaff(db: Tx, c: ConvRow): Promise<number> {
  const unread = await db
    .selectFrom('service_message')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('conversation_id', '=', c.id)
    .where('sender', '=', 'user')
    .where('id', '>', c.staff_read)
    .executeTakeFirstOrThrow()
  return Number(unread.n)
}

export async function nickname(db: Tx, userId: string): Promise<string | null> {
  const u = await db.selectFrom('users').select('nickname').where('id', '=', userId).executeTakeFirst()
  return u?.nickname ?? null
}

// ---------- chat pictures ----------

export async function insertImage(
  db: Tx,
  owner: Owner,
  img: { id: string; bytes: Buffer; width: number; height: number },
): Promise<void> {
  await db
    .insertInto('service_image')
    .values({
      id: img.id,
      user_id: 'userId' in owner ? owner.userId : null,
      visitor_hash: 'visitorHash' in owner ? owner.visitorHash : null,
      mime: 'image/jpeg',
      size: img.bytes.length,
      width: img.width,
      height: img.height,
      bytes: img.bytes,
    })
    .execute()
}

/** A chat picture with its uploader. */
export function imageOf(db: Tx, id: string) {
  return db
    .selectFrom('service_image')
    .select(['bytes', 'user_id', 'visitor_hash'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** A chat picture's uploader only. */
export function imageOwner(db: Tx, id: string) {
  return db
    .selectFrom('service_image')
    .select(['user_id', 'visitor_hash'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** Whether the owner uploaded the picture. */
export const uploadedBy = (
  img: { user_id: string | null; visitor_hash: string | null },
  o: Owner,
): boolean =>
  'userId' in o ? img.user_id === o.userId : img.visitor_hash !== null && img.visitor_hash === o.visitorHash

/** Whether a picture was sent in a message already (each is sent once). */
export async function imageSent(trx: Tx, id: string): Promise<boolean> {
  return (await columnOf(trx, 'service_message', 'id', 'image_id', id)) !== undefined
}

// ---------- help suggestions ----------

/** Published help articles whose title or body holds one of the terms, in the language chain (at most 100 texts). */
export function helpHits(db: Tx, terms: string[], chain: string[]) {
  return db
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
}
