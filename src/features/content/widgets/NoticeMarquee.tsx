import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { langAtom } from '@/lib/store'
import { MegaphoneIcon } from '@/ui/Icons'
import { articleListQueryOptions } from '../api'
import styles from '../Content.module.css'

const TICK_MS = 4000

/**
 * The home page's notice line: one latest notice at a time, full width, moving up to the next
 * every few seconds (paused under the pointer or keyboard focus); each opens the notice, "More"
 * the list. The line keeps its height while loading and when there is none, so nothing moves.
 */
export function NoticeMarquee() {
  const { t } = useLingui()
  const lang = useAtomValue(langAtom)
  const list = useQuery(articleListQueryOptions(lang, { type: 'notice', size: 5 }))
  const items = list.data?.list ?? []
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  useEffect(() => {
    if (items.length < 2 || paused) return
    const id = setInterval(() => setIndex((i) => (i + 1) % items.length), TICK_MS)
    return () => clearInterval(id)
  }, [items.length, paused])
  const at = items.length > 0 ? index % items.length : 0
  return (
    <section
      className={styles.marquee}
      aria-label={t`Notices`}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <MegaphoneIcon />
      <div className={styles.marqueeTrack}>
        {list.isPending ? (
          <span className={styles.marqueeSkeleton} />
        ) : items.length === 0 ? (
          <Link to="/pages/article/notice" className={styles.marqueeLine}>
            {t`Notices`}
          </Link>
        ) : (
          <ul className={styles.marqueeInner} style={{ transform: `translateY(-${at * 100}%)` }}>
            {items.map((n, i) => (
              <li key={n.id}>
                <Link
                  to="/pages/article/detail"
                  search={{ id: n.id }}
                  className={styles.marqueeLine}
                  // Keyboard users reach every notice: the focused one scrolls into the line.
                  onFocus={() => setIndex(i)}
                >
                  {n.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Link to="/pages/article/notice" className={styles.marqueeMore}>
        {t`More`}
      </Link>
    </section>
  )
}
