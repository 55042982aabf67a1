import type { Db } from '../../db/db'
import type { SendResult } from '../notify/sender'
import { slot } from './slot'

/**
 * Pushes one claimed notice to every device whose owner has notices on. The push module owns the
 * payload and its texts (server/modules/push/notices.ts) and provides it at start-up; the content
 * module's console calls it after publishing.
 */
export type NoticePush = (db: Db, id: string) => Promise<SendResult>

export const noticePush = slot<NoticePush>('notice push')
export const pushNotice: NoticePush = (db, id) => noticePush.get()(db, id)
