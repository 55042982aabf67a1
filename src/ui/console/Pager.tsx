import { Trans, useLingui } from '@lingui/react/macro'
import styles from './Console.module.css'

/** Previous / next over a paged list. */
export function Pager({
  page,
  total,
  size,
  onPage,
}: {
  page: number
  total: number
  size: number
  onPage: (p: number) => void
}) {
  const { t } = useLingui()
  const pages = Math.max(1, Math.ceil(total / size))
  if (pages <= 1) return null
  return (
    <nav className={styles.pager} aria-label={t`Pages`}>
      <button type="button" className={styles.btn} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Previous</Trans>
      </button>
      <span className={styles.muted}>
        {page} / {pages}
      </span>
      <button type="button" className={styles.btn} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </nav>
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
  const { t } = useLingui()
  if (page <= 1 && !hasMore) return null
  return (
    <nav className={styles.pager} aria-label={t`Pages`}>
      <button type="button" className={styles.btn} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Previous</Trans>
      </button>
      <span className={styles.muted}>{page}</span>
      <button type="button" className={styles.btn} disabled={!hasMore} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  )
}
