import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { tokenAtom } from '@/lib/store'
import { CellGroup, LinkCell } from '@/ui/CellList'
import { MegaphoneIcon } from '@/ui/Icons'
import { BookIcon, DocumentIcon, InboxIcon, NewsIcon } from '@/ui/MenuIcons'
import { notifiablesQueryOptions } from '../api'
import styles from '../Content.module.css'

/** The Mine page's links to notifications (with the unread count), the help academy, news and service. */
export function ContentLinks() {
  const { t } = useLingui()
  const token = useAtomValue(tokenAtom)
  const notes = useQuery({ ...notifiablesQueryOptions(token ?? ''), enabled: Boolean(token) })
  const unread = notes.data?.unread ?? 0
  return (
    <CellGroup label={t`Help and news`}>
      {token && (
        <LinkCell
          to="/pages/article/notifications"
          icon={<InboxIcon />}
          label={t`Notifications`}
          value={
            unread > 0 ? (
              <span className={styles.badge} role="status" aria-label={t`${unread} unread`}>
                {unread > 99 ? '99+' : unread}
              </span>
            ) : undefined
          }
        />
      )}
      <LinkCell to="/pages/article/help" icon={<BookIcon />} label={t`Help academy`} />
      <LinkCell to="/pages/article/notice" icon={<MegaphoneIcon />} label={t`Notices`} />
      <LinkCell to="/pages/article/news" icon={<NewsIcon />} label={t`News`} />
      <LinkCell to="/pages/article/service" icon={<DocumentIcon />} label={t`Service`} />
    </CellGroup>
  )
}
