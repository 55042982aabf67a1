import { useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import styles from './PageHeader.module.css'

interface Props {
  title: ReactNode
  /** Accessible name of the back button; omit to hide it (tab pages). */
  backLabel?: string
  right?: ReactNode
}

export function PageHeader({ title, backLabel, right }: Props) {
  const router = useRouter()
  const back = () => {
    if (window.history.length > 1) router.history.back()
    else void router.navigate({ to: '/' })
  }
  return (
    <header className={styles.header}>
      {backLabel ? (
        <button type="button" className={styles.back} onClick={back} aria-label={backLabel}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      ) : (
        <span className={styles.spacer} />
      )}
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.right}>{right}</div>
    </header>
  )
}
