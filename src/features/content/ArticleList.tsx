import type { ArticleItem } from '@common/content/types'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useFormat } from '@/lib/format/use-format'
import { PagerNav, type PagerProps, pageCount } from '@/ui/PagerNav'
import styles from './Content.module.css'

/** Article cards linking to pages/article/detail. */
export function ArticleList({ items, label }: { items: ArticleItem[]; label: string }) {
  const { t } = useLingui()
  const { ago } = useFormat()
  return (
    <ul className={styles.list} aria-label={label}>
      {items.map((a) => (
        <li key={a.id}>
          <Link to="/pages/article/detail" search={{ id: a.id }} className={styles.item}>
            <h2 className={styles.itemTitle}>
              {a.pinned && <span className={styles.pin}>{t`Pinned`}</span>}
              {a.title}
            </h2>
            {a.summary && <p className={styles.summary}>{a.summary}</p>}
            {a.publishAt && a.type !== 'help' && <div className={styles.meta}>{ago(a.publishAt)}</div>}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** Previous / next for a paged list. */
export function Pager({ page, total, size, onPage }: PagerProps) {
  const { t } = useLingui()
  const pages = pageCount(total, size)
  if (pages < 2) return null
  return (
    <PagerNav
      page={page}
      last={page >= pages}
      onPage={onPage}
      classes={styles}
      words={{ pages: t`Pages`, previous: t`Previous`, next: t`Next` }}
    >
      <span>{t`Page ${page} of ${pages}`}</span>
    </PagerNav>
  )
}
