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

export function TabBar({ items, path, label }: { items: TabItem[]; path: string; label: string }) {
  return (
    <nav className={styles.bar} aria-label={label}>
      {items.map((item) => {
        const current = item.to === path || item.match.includes(path)
        return (
          <Link key={item.to} to={item.to} className={styles.tab} aria-current={current ? 'page' : undefined}>
            <span className={styles.icon} aria-hidden="true">
              {item.icon}
            </span>
            <span className={styles.label}>{item.label}</span>
          </Link>
        )
      })}
    </nav>
  )
}
