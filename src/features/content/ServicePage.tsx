import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { langAtom } from '@/lib/store'
import { PageHeader } from '@/ui/PageHeader'
import { ArticleView } from './ArticleView'
import { serviceDetailQueryOptions, servicesQueryOptions } from './api'
import styles from './Content.module.css'

/** pages/article/service: the service pages, or one of them with ?id= */
export function ServicePage({ id }: { id?: string | undefined }) {
  const { t } = useLingui()
  const lang = useAtomValue(langAtom)
  const list = useQuery({ ...servicesQueryOptions(lang), enabled: !id })
  const detail = useQuery({ ...serviceDetailQueryOptions(lang, id ?? ''), enabled: Boolean(id) })
  if (id)
    return (
      <>
        <PageHeader title={t`Service`} backLabel={t`Back`} />
        <ArticleView query={detail} />
      </>
    )
  return (
    <>
      <PageHeader title={t`Service`} backLabel={t`Back`} />
      {list.isPending && <p className={styles.status}>{t`Loading`}</p>}
      {list.isError && (
        <p className={styles.status}>{t`Could not load. Check your connection and try again.`}</p>
      )}
      {list.data && (
        <ul className={styles.list} aria-label={t`Service`}>
          {list.data.map((s) => (
            <li key={s.id}>
              <Link to="/pages/article/service" search={{ id: s.id }} className={styles.item}>
                <h2 className={styles.itemTitle}>{s.title}</h2>
                <p className={styles.summary}>{s.summary}</p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
