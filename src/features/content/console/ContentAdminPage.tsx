import { ARTICLE_STATUSES, type ArticleStatus, type ArticleType } from '@common/content/schema'
import type { AdminArticleItem } from '@common/content/types'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import styles from '@/ui/console/Console.module.css'
import { type Column, DataTable } from '@/ui/console/DataTable'
import { dateTime } from '@/ui/console/date-time'
import { Pager } from '@/ui/console/Pager'
import { useConsoleAction } from '@/ui/console/use-console-action'
import { ArticleEditor } from './ArticleEditor'
import { adminArticlesQueryOptions, contentAdmin, contentAdminKey, SIZE } from './api'
import { BannerAdmin } from './BannerAdmin'
import { TypeOptions } from './EditorBar'
import { useTypeLabels } from './labels'

/** #/admin/content: articles of every type; create, edit, preview, publish, unpublish, pin. */
export function ContentAdminPage() {
  const { t } = useLingui()
  const { locale } = useFormat()
  const typeLabels = useTypeLabels()
  const { act, reload } = useConsoleAction(contentAdminKey)
  const [page, setPage] = useState(1)
  const [type, setType] = useState<ArticleType | undefined>(undefined)
  const [status, setStatus] = useState<ArticleStatus | undefined>(undefined)
  const [editing, setEditing] = useState<string | 'new' | null>(null)
  const [section, setSection] = useState<'articles' | 'banners'>('articles')
  const list = useQuery(adminArticlesQueryOptions({ page, type, status }))
  const statusLabel = (s: ArticleStatus) => (s === 'published' ? t`Published` : t`Draft`)

  if (editing)
    return (
      <ArticleEditor
        id={editing === 'new' ? null : editing}
        onClose={() => {
          setEditing(null)
          void reload()
        }}
      />
    )

  const columns: Column<AdminArticleItem>[] = [
    { label: t`Title`, cell: (a) => a.title || '—' },
    {
      label: t`Type`,
      cell: (a) => (
        <>
          {typeLabels[a.type]}
          {a.category && <span className={styles.muted}> · {a.category}</span>}
        </>
      ),
    },
    {
      label: t`Status`,
      cell: (a) => (
        <>
          <span className={`${styles.badge} ${a.status === 'published' ? styles.good : ''}`}>
            {statusLabel(a.status)}
          </span>
          {a.pinned && <span className={styles.badge}>{t`Pinned`}</span>}
        </>
      ),
    },
    { label: t`Languages`, cell: (a) => a.langs.join(', '), className: () => styles.muted },
    { label: t`Updated`, cell: (a) => dateTime(a.updatedAt, locale), className: () => styles.muted },
    {
      label: t`Actions`,
      cell: (a) => (
        <div className={styles.chips}>
          <button
            type="button"
            className={styles.btn}
            onClick={() => setEditing(a.id)}
            aria-label={t`Edit ${a.title}`}
          >
            {t`Edit`}
          </button>
          {a.status === 'draft' ? (
            <button
              type="button"
              className={styles.btnPrimary}
              onClick={() => void act(() => contentAdmin.publish(a.id), t`Published`)}
              aria-label={t`Publish ${a.title}`}
            >
              {t`Publish`}
            </button>
          ) : (
            <button
              type="button"
              className={styles.btn}
              onClick={() => void act(() => contentAdmin.unpublish(a.id), t`Unpublished`)}
              aria-label={t`Unpublish ${a.title}`}
            >
              {t`Unpublish`}
            </button>
          )}
          <button
            type="button"
            className={styles.btn}
            onClick={() =>
              void act(() => contentAdmin.pin(a.id, !a.pinned), a.pinned ? t`Unpinned` : t`Pinned`)
            }
            aria-label={a.pinned ? t`Unpin ${a.title}` : t`Pin ${a.title}`}
          >
            {a.pinned ? t`Unpin` : t`Pin`}
          </button>
        </div>
      ),
    },
  ]

  return (
    <>
      <h2 className={styles.h2}>{t`Content`}</h2>
      <div className={styles.chips}>
        <button
          type="button"
          className={styles.chip}
          aria-pressed={section === 'articles'}
          onClick={() => setSection('articles')}
        >
          {t`Articles`}
        </button>
        <button
          type="button"
          className={styles.chip}
          aria-pressed={section === 'banners'}
          data-testid="content-tab-banners"
          onClick={() => setSection('banners')}
        >
          {t`Banners`}
        </button>
      </div>
      {section === 'banners' ? (
        <BannerAdmin />
      ) : (
        <>
          <div className={styles.filters}>
            <label className={styles.muted}>
              {t`Type`}
              <select
                className={styles.select}
                value={type ?? ''}
                onChange={(e) => {
                  setType((e.target.value || undefined) as ArticleType | undefined)
                  setPage(1)
                }}
              >
                <option value="">{t`All`}</option>
                <TypeOptions />
              </select>
            </label>
            <label className={styles.muted}>
              {t`Status`}
              <select
                className={styles.select}
                value={status ?? ''}
                onChange={(e) => {
                  setStatus((e.target.value || undefined) as ArticleStatus | undefined)
                  setPage(1)
                }}
              >
                <option value="">{t`All`}</option>
                {ARTICLE_STATUSES.map((x) => (
                  <option key={x} value={x}>
                    {statusLabel(x)}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className={styles.btnPrimary} onClick={() => setEditing('new')}>
              {t`New article`}
            </button>
          </div>
          <DataTable label={t`Articles`} rows={list.data?.list} rowKey={(a) => a.id} columns={columns} />
          {list.data && <Pager page={page} total={list.data.total} size={SIZE} onPage={setPage} />}
        </>
      )}
    </>
  )
}
