import { parseLang } from '@common/i18n/languages'
import type { PushPayload } from '@common/push/schema'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { summarize } from '../../platform/content/markdown'
import { pushService } from '../../platform/notify/push-service'
import type { SendResult } from '../../platform/notify/sender'
import { langChain, pickText, type Text, textsOf } from '../content/repo'
import { pushText } from './texts'

const ICON = '/icons/icon-192.png'

/** The push of a notice in a reader's language: its title and opening, falling back like articles do. */
export function noticePayload(id: string, texts: Text[], lang: string): PushPayload {
  const t = pickText(texts, langChain(parseLang(lang)))
  return {
    title: t?.title ?? '',
    body: (t && summarize(t.body)) || pushText(lang, 'noticeBody'),
    icon: ICON,
    tag: `notice-${id}`,
    url: `/#/pages/article/detail?id=${id}`,
  }
}

/**
 * Marks live notices as pushed and returns their ids: the one given, or every due one. A notice is
 * claimed once in its life (re-publishing or editing it sends nothing), and only once readers can
 * open it, so a notice scheduled for later is claimed when its time comes.
 */
export async function claimNotices(db: Db, id?: string): Promise<string[]> {
  let q = db
    .updateTable('article')
    .set({ pushed_at: sql`now()` })
    .where('type', '=', 'notice')
    .where('status', '=', 'published')
    .where('pushed_at', 'is', null)
    .where('publish_at', '<=', sql<Date>`now()`)
  if (id !== undefined) q = q.where('id', '=', id)
  const rows = await q.returning('id').execute()
  return rows.map((r) => String(r.id))
}

/** Pushes a claimed notice to every device whose owner has notices on. */
export async function pushNotice(db: Db, id: string): Promise<SendResult> {
  const texts = (await textsOf(db, [id])).get(id) ?? []
  return pushService(db).broadcast('notice', (lang) => noticePayload(id, texts, lang))
}
