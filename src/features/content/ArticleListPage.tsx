import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { langAtom } from '@/lib/store'
import { PageHeader } from '@/ui/PageHeader'
import { ArticleList, Pager } from './ArticleList'
import { articleListQueryOptions } from './api'
import styles from './Content.module.css'

const SIZE = 20

/** pages/article/news and pages/article/notice: newest first, pinned on top. */
export function ArticleListPage({ type }: { type: 'news' | 'notice' }) {
  const { t } = useLingui()
  const lang = useAtomValue(langAtom)
  const [page, setPage] = useState(1)
  const list = useQuery(articleListQueryOptions(lang, { type, page, size: SIZE }))
  const title = type === 'news' ? t`News` : t`Notices`
  return (
    <>
      <PageHeader title={title} backLabel={t`Back`} />
      {list.isPending && <p className={styles.status}>{t`Loading`}</p>}
      {list.isError && !list.data && (
        <p className={styles.status}>{t`Could not load. Check your connection and try again.`}</p>
      )}
      {list.data && list.data.list.length === 0 && <p className={styles.empty}>{t`Nothing here yet`}</p>}
      {list.data && (
        <>
          <ArticleList items={list.data.list} label={title} />
          <Pager page={page} total={list.data.total} size={SIZE} onPage={setPage} />
        </>
      )}
    </>
  )
}
