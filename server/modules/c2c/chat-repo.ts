import { sql } from 'kysely'
import { columnOf } from '../../db/rows'
import type { Tx } from '../../ledger/ledger'
import type { OrderRow } from './model'

/** Queries of an order's chat: system lines, the parties' messages and their read marks. */

export async function insertSystemLine(trx: Tx, orderId: string, key: string, at: Date): Promise<void> {
  await trx
    .insertInto('c2c_message')
    .values({ order_id: orderId, sender: 'system', body: key, created_at: at })
    .execute()
}

/** Whether a picture was sent in a chat already (each upload is sent once). */
export async function chatImageUsed(trx: Tx, uploadId: string): Promise<boolean> {
  return (await columnOf(trx, 'c2c_message', 'id', 'image_upload_id', uploadId)) !== undefined
}

/** A party's message; their read mark moves past it. */
export async function insertMessage(
  trx: Tx,
  o: OrderRow,
  userId: string,
  m: { body: string; image: string | null; at: Date },
) {
  const buyer = o.buyer_id === userId
  const row = await trx
    .insertInto('c2c_message')
    .values({
      order_id: o.id,
      sender: buyer ? 'buyer' : 'seller',
      user_id: userId,
      body: m.body,
      image_upload_id: m.image,
      created_at: m.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  await trx
    .updateTable('c2c_order')
    .set(buyer ? { buyer_read: row.id } : { seller_read: row.id })
    .where('id', '=', o.id)
    .execute()
  return row
}

/** A party's read mark moves up to `upTo` (never back). */
export async function markRead(trx: Tx, o: OrderRow, userId: string, upTo: string): Promise<void> {
  const col = o.buyer_id === userId ? 'buyer_read' : 'seller_read'
  await trx
    .updateTable('c2c_order')
    .set({ [col]: sql`greatest(${sql.ref(col)}, ${upTo}::bigint)` })
    .where('id', '=', o.id)
    .execute()
}
