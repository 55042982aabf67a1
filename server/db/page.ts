import type { SelectQueryBuilder } from 'kysely'

/** A page request as every listing's query schema parses it: 1-based page, rows per page. */
export interface PageQuery {
  page: number
  size: number
}

/**
 * One page of a listing with its total (for a pager): the count and the rows come from the same
 * filtered query, so they can't disagree on the filter; `rows` adds the columns and the order.
 */
export async function pageWithTotal<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  q: PageQuery,
  rows: (b: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
): Promise<{ total: number; rows: O[] }> {
  const count = (await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()) as {
    n: string | number
  }
  const list = await rows(base)
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute()
  return { total: Number(count.n), rows: list as O[] }
}

/**
 * One page of a feed without a total (infinite lists): fetches one row more than the page to learn
 * whether another page follows, which costs nothing next to a count over the whole filter.
 */
export async function pageWithMore<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  q: PageQuery,
): Promise<{ rows: O[]; hasMore: boolean }> {
  const list = (await query
    .limit(q.size + 1)
    .offset((q.page - 1) * q.size)
    .execute()) as O[]
  return { rows: list.slice(0, q.size), hasMore: list.length > q.size }
}
