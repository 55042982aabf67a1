import { useEffect, useRef, useState } from 'react'

const THRESHOLD = 64
/** docs/spec.md section 2: trade-leverage loads more when the page end is within 50 px. */
export const REACH_BOTTOM_PX = 50

/**
 * Pull-to-refresh on the whole page (a pull down while scrolled to the top) and a reach-bottom
 * callback. Returns the pull distance and whether it is far enough to refresh on release.
 */
export function usePullRefresh(onRefresh: () => void, onReachBottom?: () => void) {
  const [pull, setPull] = useState(0)
  const start = useRef<number | null>(null)
  const pulled = useRef(0)
  const refresh = useRef(onRefresh)
  refresh.current = onRefresh
  const bottom = useRef(onReachBottom)
  bottom.current = onReachBottom
  useEffect(() => {
    const down = (e: TouchEvent) => {
      start.current = window.scrollY <= 0 ? (e.touches[0]?.clientY ?? null) : null
    }
    const move = (e: TouchEvent) => {
      if (start.current === null) return
      pulled.current = Math.max(0, Math.min((e.touches[0]?.clientY ?? 0) - start.current, THRESHOLD * 1.5))
      setPull(pulled.current)
    }
    const up = () => {
      if (pulled.current >= THRESHOLD) refresh.current()
      start.current = null
      pulled.current = 0
      setPull(0)
    }
    const scroll = () => {
      const el = document.documentElement
      if (el.scrollHeight - (window.scrollY + window.innerHeight) <= REACH_BOTTOM_PX) bottom.current?.()
    }
    window.addEventListener('touchstart', down, { passive: true })
    window.addEventListener('touchmove', move, { passive: true })
    window.addEventListener('touchend', up)
    window.addEventListener('scroll', scroll, { passive: true })
    return () => {
      window.removeEventListener('touchstart', down)
      window.removeEventListener('touchmove', move)
      window.removeEventListener('touchend', up)
      window.removeEventListener('scroll', scroll)
    }
  }, [])
  return { pull, ready: pull >= THRESHOLD }
}
