import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import styles from './TabBar.module.css'

export interface TabItem {
  to: string
  label: string
  icon: ReactNode
  /** Paths (besides `to`) on which this tab shows as current. */
  match: string[]
}

/** A label this long with no space to wrap at (de "Vermögenswerte") gets the narrower type. */
const LONG_WORD = 11

/**
 * The main navigation: a bar at the bottom on phones, a column at the left on wide screens
 * (see TabBar.module.css). `phoneHidden`: on wide screens only (pages that are no tab);
 * `wideHidden`: on phones only (a page that brings its own bar where the layout has one already).
 */
export function TabBar({
  items,
  path,
  label,
  phoneHidden = false,
  wideHidden = false,
}: {
  items: TabItem[]
  path: string
  label: string
  phoneHidden?: boolean
  wideHidden?: boolean
}) {
  return (
    <nav
      className={styles.bar}
      aria-label={label}
      data-phone-hidden={phoneHidden || undefined}
      data-wide-hidden={wideHidden || undefined}
    >
      {items.map((item) => {
        const current = item.to === path || item.match.includes(path)
        const long = item.label.split(/\s/).some((w) => w.length > LONG_WORD)
        return (
          <Link key={item.to} to={item.to} className={styles.tab} aria-current={current ? 'page' : undefined}>
            <span className={styles.icon} aria-hidden="true">
              {item.icon}
            </span>
            <span className={styles.label} data-long={long || undefined}>
              {item.label}
            </span>
          </Link>
        )
      })}
    </nav>
  )
}
