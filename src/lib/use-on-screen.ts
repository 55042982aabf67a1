import { type RefObject, useCallback, useRef, useState } from 'react'

type Watcher = (onScreen: boolean) => void

let observer: IntersectionObserver | null = null
const watchers = new WeakMap<Element, Watcher>()

function sharedObserver(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null
  // One observer for every watched element; a margin so a row is current before it scrolls in.
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) watchers.get(e.target)?.(e.isIntersecting)
    },
    { rootMargin: '200px 0px' },
  )
  return observer
}

/**
 * Whether an element is on screen (or near it), for live figures that need not follow updates
 * while nobody can see them. The answer is a ref, so leaving the screen renders nothing; coming
 * back renders the component once, with the latest figures. Without IntersectionObserver the
 * element counts as always on screen.
 */
export function useOnScreen<T extends Element>(): [
  ref: (el: T | null) => () => void,
  onScreen: RefObject<boolean>,
] {
  const onScreen = useRef(true)
  const [, renderAgain] = useState(0)
  const ref = useCallback((el: T | null) => {
    const io = sharedObserver()
    if (!el || !io) return () => {}
    watchers.set(el, (now) => {
      const was = onScreen.current
      onScreen.current = now
      if (now && !was) renderAgain((n) => n + 1)
    })
    io.observe(el)
    return () => {
      io.unobserve(el)
      watchers.delete(el)
    }
  }, [])
  return [ref, onScreen]
}
