import type { Notifiable } from '@common/content/types'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { tokenAtom } from '@/lib/store'
import { PageHeader } from '@/ui/PageHeader'
import { Pager } from './ArticleList'
import { notifiablesKey, notifiablesQueryOptions, readNotifiable } from './api'
import styles from './Content.module.css'

/** pages/article/notifications: the user's notices and personal notifications, unread first in weight. */
export function NotificationsPage() {
  const { t } = useLingui()
  const { ago } = useFormat()
  const token = useAtomValue(tokenAtom) ?? ''
  const [page, setPage] = useState(1)
  const list = useQuery(notifiablesQueryOptions(token, page))
  const client = useQueryClient()
  const navigate = useNavigate()
  const [open, setOpen] = useState<string | null>(null)

  async function onOpen(n: Notifiable) {
    if (!n.read) {
      await readNotifiable(n.id)
      await client.invalidateQueries({ queryKey: notifiablesKey })
    }
    if (n.articleId) await navigate({ to: '/pages/article/detail', search: { id: n.articleId } })
    else setOpen(open === n.id ? null : n.id)
  }

  return (
    <>
      <PageHeader title={t`Notifications`} backLabel={t`Back`} />
      {list.isPending && <p className={styles.status}>{t`Loading`}</p>}
      {list.isError && (
        <p className={styles.status}>{t`Could not load. Check your connection and try again.`}</p>
      )}
      {list.data && list.data.list.length === 0 && <p className={styles.empty}>{t`No notifications`}</p>}
      {list.data && (
        <>
          <ul className={styles.list} aria-label={t`Notifications`}>
            {list.data.list.map((n) => (
              <li key={n.id}>
                <button
                  type="button"
                  className={`${styles.item} ${n.read ? styles.read : ''}`}
                  style={{ width: '100%', textAlign: 'left', border: 0, font: 'inherit' }}
                  onClick={() => void onOpen(n)}
                  aria-expanded={n.articleId ? undefined : open === n.id}
                >
                  <span className={styles.itemTitle}>
                    {!n.read && <span className={styles.unreadDot} role="img" aria-label={t`Unread`} />}
                    {n.title}
                  </span>
                  <span className={styles.summary} style={open === n.id ? { display: 'block' } : undefined}>
                    {n.summary}
                  </span>
                  {n.createdAt && <span className={styles.meta}>{ago(n.createdAt)}</span>}
                </button>
              </li>
            ))}
          </ul>
          <Pager page={page} total={list.data.total} size={20} onPage={setPage} />
        </>
      )}
    </>
  )
}
