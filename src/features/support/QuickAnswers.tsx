import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { suggestQueryOptions } from './api'
import styles from './Support.module.css'

const DEBOUNCE_MS = 350
const MIN_CHARS = 2

/** Help academy articles matching what is being typed (the server ranks them by matching words). */
export function QuickAnswers({ text }: { text: string }) {
  const { t } = useLingui()
  const [q, setQ] = useState('')
  useEffect(() => {
    const id = setTimeout(() => setQ(text.trim().slice(0, 200)), DEBOUNCE_MS)
    return () => clearTimeout(id)
  }, [text])
  const found = useQuery({ ...suggestQueryOptions(q), enabled: q.length >= MIN_CHARS })
  const list = q.length >= MIN_CHARS ? (found.data ?? []) : []
  if (list.length === 0) return null
  return (
    <nav className={styles.quick} aria-label={t`Quick answers`} data-testid="quick-answers">
      <span className={styles.quickLabel}>{t`Quick answers`}</span>
      <ul className={styles.quickList}>
        {list.map((a) => (
          <li key={a.id}>
            <Link to="/pages/article/detail" search={{ id: a.id }} className={styles.quickItem}>
              {a.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
