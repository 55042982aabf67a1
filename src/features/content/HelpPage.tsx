import { HELP_CATEGORIES, type HelpCategory } from '@common/content/schema'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { langAtom } from '@/lib/store'
import { ChoiceChips } from '@/ui/ChoiceChips'
import { PageHeader } from '@/ui/PageHeader'
import { ArticleList } from './ArticleList'
import { articleListQueryOptions } from './api'
import styles from './Content.module.css'
import { useCategoryLabels } from './labels'

/** pages/article/help: the help academy, by category, with search. */
export function HelpPage() {
  const { t } = useLingui()
  const lang = useAtomValue(langAtom)
  const labels = useCategoryLabels()
  const [category, setCategory] = useState<HelpCategory | undefined>(undefined)
  const [input, setInput] = useState('')
  const [q, setQ] = useState('')
  useEffect(() => {
    const id = setTimeout(() => setQ(input.trim()), 300)
    return () => clearTimeout(id)
  }, [input])
  const list = useQuery(articleListQueryOptions(lang, { type: 'help', category, q, size: 100 }))
  return (
    <>
      <PageHeader title={t`Help academy`} backLabel={t`Back`} />
      <search className={styles.search}>
        <input
          type="search"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          placeholder={t`Search the help academy`}
          aria-label={t`Search the help academy`}
          maxLength={100}
        />
      </search>
      <ChoiceChips
        legend={t`Categories`}
        classes={{ tabs: styles.tabs, tab: styles.tab, legend: styles.srOnly }}
        value={category}
        options={[[undefined, t`All`], ...HELP_CATEGORIES.map((c) => [c, labels[c]] as const)]}
        onChange={setCategory}
      />
      {list.isPending && <p className={styles.status}>{t`Loading`}</p>}
      {list.isError && !list.data && (
        <p className={styles.status}>{t`Could not load. Check your connection and try again.`}</p>
      )}
      {list.data && list.data.list.length === 0 && (
        <p className={styles.empty}>{q ? t`No articles match "${q}"` : t`Nothing here yet`}</p>
      )}
      {list.data && <ArticleList items={list.data.list} label={t`Help articles`} />}
    </>
  )
}
