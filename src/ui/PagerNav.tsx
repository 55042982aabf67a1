import type { ReactNode } from 'react'

/**
 * Previous / next around a paged list's position (`children`, e.g. "2 / 5"), in the styles and the
 * words of the screen that shows it (its own catalog: this kit loads with every route). Previous is
 * off on page 1, Next on the last page.
 */
export function PagerNav({
  page,
  last,
  onPage,
  classes,
  words,
  children,
}: {
  page: number
  last: boolean
  onPage: (p: number) => void
  classes: { pager?: string; btn?: string }
  words: { pages: string; previous: string; next: string }
  children: ReactNode
}) {
  return (
    <nav className={classes.pager} aria-label={words.pages}>
      <button type="button" className={classes.btn} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {words.previous}
      </button>
      {children}
      <button type="button" className={classes.btn} disabled={last} onClick={() => onPage(page + 1)}>
        {words.next}
      </button>
    </nav>
  )
}

/** A pager over `total` rows, `size` a page, on page `page`. */
export interface PagerProps {
  page: number
  total: number
  size: number
  onPage: (p: number) => void
}

/** How many pages `total` rows fill, at least one. */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(total / size))
