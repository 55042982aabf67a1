import type { ArticleDetail } from '@common/content/types'
import { isLangCode, toBcp47 } from '@common/i18n/languages'
import { useLingui } from '@lingui/react/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import { useFormat } from '@/lib/format/use-format'
import styles from './Content.module.css'

/** One article. The HTML was rendered from Markdown and sanitized by the server (no raw HTML passes). */
export function ArticleView({ query }: { query: UseQueryResult<ArticleDetail> }) {
  const { t } = useLingui()
  const { locale } = useFormat()
  // A query that is not running (no id) has nothing to wait for.
  if (query.isPending && query.fetchStatus !== 'idle') return <p className={styles.status}>{t`Loading`}</p>
  // A copy on hand is shown even when refreshing it failed (offline): stale beats nothing.
  if (!query.data)
    return (
      <p
        className={styles.status}
      >{t`This article is not available. Check your connection and try again.`}</p>
    )
  const a = query.data
  const lang = a.lang && isLangCode(a.lang) ? toBcp47(a.lang) : undefined
  return (
    <article className={styles.article} lang={lang}>
      <h1 className={styles.title}>{a.title}</h1>
      {a.publishAt && a.type !== 'help' && a.type !== 'service' && (
        <div className={styles.meta}>
          {new Date(a.publishAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}
        </div>
      )}
      {a.cover && <img className={styles.cover} src={`/${a.cover}`} alt="" />}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-rendered Markdown, raw HTML escaped, URLs allow-listed */}
      <div className={styles.body} dangerouslySetInnerHTML={{ __html: a.html }} />
    </article>
  )
}
