import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { langAtom } from '@/app/store'
import { articleListQueryOptions } from '../api'
import styles from '../Content.module.css'

/** The home page's scrolling line of the latest notices; each opens the notice, "More" the list. */
export function NoticeMarquee() {
  const { t } = useLingui()
  const lang = useAtomValue(langAtom)
  const list = useQuery(articleListQueryOptions(lang, { type: 'notice', size: 5 }))
  const items = list.data?.list ?? []
  if (items.length === 0) return null
  return (
    <section className={styles.marquee} aria-label={t`Notices`}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path
          d="M4 10v4h3l5 4V6L7 10H4zm12-1a4 4 0 010 6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      <div className={styles.marqueeTrack}>
        <div className={styles.marqueeInner}>
          {items.map((n) => (
            <Link key={n.id} to="/pages/article/detail" search={{ id: n.id }}>
              {n.title}
            </Link>
          ))}
        </div>
      </div>
      <Link to="/pages/article/notice" className={styles.marqueeMore}>
        {t`More`}
      </Link>
    </section>
  )
}
