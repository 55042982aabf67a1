import { parseLang } from '@common/i18n/languages'
import type { PushPayload } from '@common/push/schema'
import type { Db } from '../../db/db'
import { langChain, pickText, type Text, textsOf } from '../../platform/content/article-texts'
import { summarize } from '../../platform/content/markdown'
import { pushService } from '../../platform/notify/push-service'
import type { SendResult } from '../../platform/notify/sender'
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

/** Pushes a claimed notice to every device whose owner has notices on. */
export async function pushNotice(db: Db, id: string): Promise<SendResult> {
  const texts = (await textsOf(db, [id])).get(id) ?? []
  return pushService(db).broadcast('notice', (lang) => noticePayload(id, texts, lang))
}
