import { SYMBOL_RE } from '@common/market/schema'
import * as v from 'valibot'

// The address parameters the routes share, each falling back to its default when absent or
// malformed (a shared or old link opens the screen rather than an error). The leading '-' keeps
// this file out of the route tree.

/** A whole number of at least 1 (?id=12, ?page=2), given as a number or as text. */
export const positiveInt = <D extends number>(dflt: D) =>
  v.fallback(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(1)), dflt)

/** ?page=N of a list: 1 when absent. */
export const pageParam = v.optional(positiveInt(1), 1)

/** A row id kept as text (?id=12, or ?id="12" of older links): '0', no such row, when malformed. */
export const rowIdParam = v.fallback(
  v.pipe(v.unknown(), v.transform(String), v.regex(/^[1-9]\d{0,17}$/)),
  '0',
)

/** A market symbol (?symbol=BTCUSDT), optionally of one kind (its ending: '_PERP', 'USDT'). */
export const symbolParam = (dflt: string, endsWith?: string) =>
  v.optional(
    v.fallback(
      endsWith
        ? v.pipe(v.string(), v.regex(SYMBOL_RE), v.endsWith(endsWith))
        : v.pipe(v.string(), v.regex(SYMBOL_RE)),
      dflt,
    ),
    dflt,
  )

/** A console review queue: ?status=<one of its filters>&page=N. */
export const queueSearch = <F extends string>(filters: readonly F[], dflt: NoInfer<F>) =>
  v.object({ status: v.optional(v.fallback(v.picklist(filters), dflt), dflt), page: pageParam })
