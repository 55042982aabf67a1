import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useRef } from 'react'
import styles from './PagedList.module.css'

/** What an infinite query of `Page<T>` answers, as `PagedList` needs it. */
export interface InfinitePages<T> {
  data?: { pages: { list: T[] }[] }
  isSuccess: boolean
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
}

/**
 * The list props of an infinite query (`<PagedList {...paged(q)} …/>`): its rows so far, whether the
 * first page is in, and the next page on demand. Pass `items` after the spread to show other rows.
 */
export function paged<T>(q: InfinitePages<T>) {
  return {
    items: q.data?.pages.flatMap((p) => p.list) ?? [],
    loaded: q.isSuccess,
    hasMore: q.hasNextPage,
    loading: q.isFetchingNextPage,
    onMore: () => void q.fetchNextPage(),
  }
}

/** A record row that opens the record: the whole row is the link, in the text's colour. */
export const recordLink = styles.recordLink as string

/**
 * A newest-first list that loads its next page when the end comes within 50 px of the screen
 * (IntersectionObserver with a bottom margin), with "No data" / "No more" at the end.
 */
export function PagedList<T>({
  items,
  render,
  itemKey,
  label,
  loaded,
  hasMore,
  loading,
  onMore,
  testId,
}: {
  items: T[]
  render: (item: T) => ReactNode
  itemKey: (item: T) => string
  label: string
  loaded: boolean
  hasMore: boolean
  loading: boolean
  onMore: () => void
  testId?: string
}) {
  const { t } = useLingui()
  const end = useRef<HTMLDivElement>(null)
  const more = useRef(onMore)
  more.current = onMore
  useEffect(() => {
    const el = end.current
    if (!el || !hasMore || loading || typeof IntersectionObserver === 'undefined') return
    const io = new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && more.current(), {
      rootMargin: '0px 0px 50px 0px',
    })
    io.observe(el)
    return () => io.disconnect()
  }, [hasMore, loading])
  if (!loaded) return null
  return (
    <>
      {items.length > 0 && (
        <ul className={styles.plain} aria-label={label} data-testid={testId}>
          {items.map((it) => (
            <li key={itemKey(it)} className={styles.recordRow}>
              {render(it)}
            </li>
          ))}
        </ul>
      )}
      <div ref={end} className={styles.more}>
        {items.length === 0 ? t`No data` : hasMore ? t`Loading…` : t`No more`}
      </div>
    </>
  )
}

/** Label / value pairs of one record, three to a row. */
export function Fields({ cells }: { cells: [string, ReactNode][] }) {
  return (
    <dl className={styles.grid3}>
      {cells.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  )
}
