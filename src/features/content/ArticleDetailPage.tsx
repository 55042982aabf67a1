import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { langAtom } from '@/lib/store'
import { PageHeader } from '@/ui/PageHeader'
import { ArticleView } from './ArticleView'
import { articleDetailQueryOptions } from './api'

/** pages/article/detail?id= */
export function ArticleDetailPage({ id }: { id: string }) {
  const { t } = useLingui()
  const lang = useAtomValue(langAtom)
  const query = useQuery({ ...articleDetailQueryOptions(lang, id), enabled: id !== '' })
  return (
    <>
      <PageHeader title={t`Article`} backLabel={t`Back`} />
      <ArticleView query={query} />
    </>
  )
}
