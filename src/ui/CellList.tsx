import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import styles from './CellList.module.css'

export function CellGroup({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <section className={styles.group} aria-label={label}>
      {children}
    </section>
  )
}

interface CellProps {
  label: ReactNode
  value?: ReactNode
  icon?: ReactNode
}

/** A row that navigates. */
export function LinkCell({
  label,
  value,
  icon,
  to,
  search,
}: CellProps & { to: string; search?: Record<string, string | number> }) {
  return (
    <Link to={to} search={search} className={styles.cell}>
      {icon}
      <span className={styles.label}>{label}</span>
      {value !== undefined && <span className={styles.value}>{value}</span>}
      <Chevron />
    </Link>
  )
}

/** A row whose right side is a control (switch, button). */
export function Cell({ label, value, icon, children }: CellProps & { children?: ReactNode }) {
  return (
    <div className={styles.cell}>
      {icon}
      <span className={styles.label}>{label}</span>
      {value !== undefined && <span className={styles.value}>{value}</span>}
      {children}
    </div>
  )
}

function Chevron() {
  return (
    <svg className={styles.chevron} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
