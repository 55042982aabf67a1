import { useLingui } from '@lingui/react/macro'
import { PagerNav, type PagerProps, pageCount } from '../PagerNav'
import styles from './Console.module.css'

function useWords() {
  const { t } = useLingui()
  return { pages: t`Pages`, previous: t`Previous`, next: t`Next` }
}

/** Previous / next over a paged list. */
export function Pager({ page, total, size, onPage }: PagerProps) {
  const words = useWords()
  const pages = pageCount(total, size)
  if (pages <= 1) return null
  return (
    <PagerNav page={page} last={page >= pages} onPage={onPage} classes={styles} words={words}>
      <span className={styles.muted}>
        {page} / {pages}
      </span>
    </PagerNav>
  )
}

/** Previous / next for lists that only say whether more follow. */
export function MorePager({
  page,
  hasMore,
  onPage,
}: {
  page: number
  hasMore: boolean
  onPage: (p: number) => void
}) {
  const words = useWords()
  if (page <= 1 && !hasMore) return null
  return (
    <PagerNav page={page} last={!hasMore} onPage={onPage} classes={styles} words={words}>
      <span className={styles.muted}>{page}</span>
    </PagerNav>
  )
}
