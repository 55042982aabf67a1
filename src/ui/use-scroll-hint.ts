import { useEffect, useRef } from 'react'

/**
 * A strip that scrolls sideways (tabs) says so: its parent gets `data-more-start` / `data-more-end`
 * while items are hidden on that side (the CSS fades that edge), and the current item
 * (`aria-current="page"` or `aria-selected="true"`) is brought into view whenever `current` changes
 * (pass what changes the items too, e.g. their count). Returns the ref for the scrolling element.
 */
export function useScrollHint<T extends HTMLElement>(current: unknown) {
  const ref = useRef<T>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: current is the trigger, read through the DOM
  useEffect(() => {
    const strip = ref.current
    const box = strip?.parentElement
    if (!strip || !box) return
    const update = () => {
      const hidden = strip.scrollWidth - strip.clientWidth
      const at = Math.abs(strip.scrollLeft)
      box.toggleAttribute('data-more-start', at > 1)
      box.toggleAttribute('data-more-end', at < hidden - 1)
    }
    // The current item in view, scrolling the strip only (scrollIntoView could move the page too),
    // with room for the fade.
    const item = strip.querySelector<HTMLElement>('[aria-current="page"], [aria-selected="true"]')
    if (item) {
      const s = strip.getBoundingClientRect()
      const r = item.getBoundingClientRect()
      if (r.left < s.left) strip.scrollLeft += r.left - s.left - 32
      else if (r.right > s.right) strip.scrollLeft += r.right - s.right + 32
    }
    update()
    strip.addEventListener('scroll', update, { passive: true })
    // The strip's own size and its items' (a catalog arriving changes their widths).
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update)
    ro?.observe(strip)
    for (const child of strip.children) ro?.observe(child)
    return () => {
      strip.removeEventListener('scroll', update)
      ro?.disconnect()
    }
  }, [current])
  return ref
}
