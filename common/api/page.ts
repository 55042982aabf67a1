/**
 * One page of a listing: the one envelope of every list answer (the `data` of the Envelope).
 * `hasMore` says whether another page follows, so a list can end with "No more" (docs/spec.md
 * section 8); a listing shown with a pager also counts its rows (`total`). A feed asks for its
 * next page by number (`page`, `size`) or, newest first, by the last id it has (`before`, `limit`).
 * An answer may carry more beside the page (a queue's counts, the server's time).
 */
export interface Page<T> {
  list: T[]
  hasMore: boolean
  total?: number
}

/** A page of a listing with a pager: its rows are counted. */
export type CountedPage<T> = Page<T> & { total: number }

/** A page read with one row more than `size`: the extra row only says that another page follows. */
export function feedPage<T>(rows: readonly T[], size: number): Page<T> {
  return { list: rows.slice(0, size), hasMore: rows.length > size }
}

/** A counted page: another follows while the pages so far hold fewer rows than the total. */
export function countedPage<T>(list: T[], total: number, q: { page: number; size: number }): CountedPage<T> {
  return { total, list, hasMore: q.page * q.size < total }
}

/**
 * A page read newest first before a cursor (`before`, `limit`): another may follow while the page
 * came full.
 */
export function cursorPage<T>(list: T[], limit: number): Page<T> {
  return { list, hasMore: list.length === limit }
}
