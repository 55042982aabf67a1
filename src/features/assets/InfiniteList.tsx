import type { Page } from '@common/api/page'
import { Trans } from '@lingui/react/macro'
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef } from 'react'
import styles from './Assets.module.css'

interface Props<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>
  render: (item: T) => ReactNode
  itemKey: (item: T) => string | number
  label: string
}

/** A paged list that loads the next page when its end scrolls into view ("No data" / "No more"). */
export function InfiniteList<T>({ query, render, itemKey, label }: Props<T>) {
  const sentinel = useRef<HTMLDivElement>(null)
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isPending } = query
  useEffect(() => {
    const el = sentinel.current
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage()
    })
    io.observe(el)
    return () => io.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  const items = data?.pages.flatMap((p) => p.list) ?? []
  if (isPending) return null
  return (
    <>
      {items.length > 0 && (
        <ul className={styles.list} aria-label={label}>
          {items.map((it) => (
            <li key={itemKey(it)} className={styles.item}>
              {render(it)}
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel}>
        {items.length === 0 ? (
          <p className={styles.empty}>
            <Trans>No data</Trans>
          </p>
        ) : hasNextPage ? (
          <button
            type="button"
            className={styles.more}
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
          >
            <Trans>Load more</Trans>
          </button>
        ) : (
          <p className={styles.empty}>
            <Trans>No more</Trans>
          </p>
        )}
      </div>
    </>
  )
}

/** A page's record list under its section title (the list's accessible name), then the bottom spacer. */
export function RecordsSection<T>({ title, ...list }: Omit<Props<T>, 'label'> & { title: string }) {
  return (
    <>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <InfiniteList<T> {...list} label={title} />
      <div style={{ height: 24 }} />
    </>
  )
}
