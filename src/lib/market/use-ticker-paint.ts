import type { Ticker } from '@common/market/types'
import { QueryObserver, useQueryClient } from '@tanstack/react-query'
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react'
import { type TickerMap, tickersQueryOptions } from './api'

/**
 * Follows one market's ticker outside React: `paint` runs after every render of the caller (before
 * the browser paints, so the first frame has the figures) and on every change of the ticker in the
 * cache useLiveTickers keeps live. Lists write their figures into the DOM with it: a tick costs a
 * few text writes instead of rendering every row, which on a mid-range phone was a long task once
 * a second. With `onScreen` (useOnScreen), changes are not painted while the row is off screen;
 * coming back renders the caller, which paints the latest.
 */
export function useTickerPaint(
  symbol: string,
  paint: (ticker: Ticker | undefined) => void,
  onScreen?: RefObject<boolean>,
): void {
  const qc = useQueryClient()
  const latest = useRef(paint)
  useLayoutEffect(() => {
    latest.current = paint
    paint(qc.getQueryData<TickerMap>(tickersQueryOptions().queryKey)?.[symbol])
  })
  useEffect(() => {
    // A passive observer (never fetches): useLiveTickers owns the query and the socket.
    const observer = new QueryObserver(qc, {
      ...tickersQueryOptions(),
      enabled: false,
      select: (all: TickerMap) => all[symbol],
    })
    let shown = observer.getCurrentResult().data
    const follow = (t: Ticker | undefined) => {
      if (t === shown || (onScreen && !onScreen.current)) return
      shown = t
      latest.current(t)
    }
    const off = observer.subscribe((r) => follow(r.data))
    // A change between the render's paint and this subscription.
    latest.current(shown)
    return off
  }, [qc, symbol, onScreen])
}
