import { bannerSaveSchema } from '@common/content/schema'
import type { AdminBanner } from '@common/content/types'
import { LANGUAGES } from '@common/i18n/languages'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import * as v from 'valibot'
import { Alert } from '@/ui/Alert'
import { AuthedPhoto } from '@/ui/console/AuthedPhoto'
import styles from '@/ui/console/Console.module.css'
import { ConsoleChips } from '@/ui/console/ConsoleChips'
import { DataTable } from '@/ui/console/DataTable'
import { useConsoleAction } from '@/ui/console/use-console-action'
import { showToast } from '@/ui/feedback'
import { adminBannersQueryOptions, bannerAdmin, contentAdmin, contentAdminKey } from './api'
import { EditorBar } from './EditorBar'

type Images = Record<string, { upload: string; alt: string }>

/** One banner: order, link target and an image with alternative text per language. */
function BannerEditor({ banner, onClose }: { banner: AdminBanner | null; onClose: () => void }) {
  const { t } = useLingui()
  const [id, setId] = useState(banner?.id ?? null)
  const [sort, setSort] = useState(String(banner?.sort ?? 0))
  const [link, setLink] = useState(banner?.link ?? '')
  const [images, setImages] = useState<Images>(
    Object.fromEntries(
      Object.entries(banner?.images ?? {}).map(([l, i]) => [l, { upload: i.upload, alt: i.alt }]),
    ),
  )
  const [lang, setLang] = useState('en')
  const [error, setError] = useState('')
  const current = images[lang]

  const upload = async (file: File | undefined) => {
    if (!file) return
    try {
      const up = await contentAdmin.uploadCover(file)
      setImages((all) => ({ ...all, [lang]: { upload: up.id, alt: all[lang]?.alt ?? '' } }))
    } catch {
      // Shown by the http layer.
    }
  }

  const save = async () => {
    const parsed = v.safeParse(bannerSaveSchema, {
      ...(id ? { id } : {}),
      sort: Number.parseInt(sort, 10),
      link,
      images,
    })
    if (!parsed.success) {
      setError(
        t`Each language needs an image and its text; the link is an app path like /pages/... or article:<id>`,
      )
      return
    }
    setError('')
    try {
      const saved = await bannerAdmin.save(parsed.output)
      setId(saved.id)
      showToast(t`Saved`)
    } catch {
      // Shown by the http layer.
    }
  }

  return (
    <section aria-label={id ? t`Edit banner` : t`New banner`} data-testid={id ? 'banner-edit' : 'banner-new'}>
      <h2 className={styles.h2}>{id ? t`Edit banner` : t`New banner`}</h2>
      <div className={styles.filters}>
        <label className={styles.muted}>
          {t`Order`}
          <input
            className={styles.input}
            type="number"
            data-testid="banner-sort"
            min={0}
            max={9999}
            value={sort}
            onChange={(e) => setSort(e.target.value)}
          />
        </label>
        <label className={styles.muted}>
          {t`Link target`}
          <input
            className={styles.input}
            value={link}
            data-testid="banner-link"
            placeholder="/pages/assets/recharge-currency · article:12"
            maxLength={200}
            onChange={(e) => setLink(e.target.value)}
          />
        </label>
      </div>
      <ConsoleChips
        label={t`Language`}
        value={lang}
        options={LANGUAGES.map((l) => [l.code, `${l.native}${images[l.code] ? ' ✓' : ''}`] as const)}
        onChange={setLang}
      />
      <p className={styles.muted}>{t`Readers get their language, else English, else Traditional Chinese.`}</p>
      <div className={styles.filters}>
        <label className={styles.muted}>
          {t`Banner image`}
          <input
            type="file"
            accept="image/*"
            data-testid="banner-image"
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </label>
        <label className={styles.muted}>
          {t`Image text`}
          <input
            className={styles.input}
            value={current?.alt ?? ''}
            data-testid="banner-alt"
            maxLength={200}
            disabled={!current}
            onChange={(e) => {
              const alt = e.target.value
              setImages((all) => {
                const cur = all[lang]
                return cur ? { ...all, [lang]: { ...cur, alt } } : all
              })
            }}
          />
        </label>
        {current && (
          <button
            type="button"
            className={styles.btn}
            onClick={() =>
              setImages((all) => Object.fromEntries(Object.entries(all).filter(([l]) => l !== lang)))
            }
          >
            {t`Remove this language`}
          </button>
        )}
      </div>
      {current && <AuthedPhoto path={`upload/${current.upload}`} label={t`Banner image`} />}
      <Alert text={error} className={styles.error} as="p" />
      <EditorBar onSave={() => void save()} onClose={onClose} />
    </section>
  )
}

/** #/admin/content, banners tab: the home carousel's banners; edit, publish, unpublish. */
export function BannerAdmin() {
  const { t } = useLingui()
  const { act, reload } = useConsoleAction(contentAdminKey)
  const list = useQuery(adminBannersQueryOptions())
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null)
  const title = (b: AdminBanner) => b.images.en?.alt ?? Object.values(b.images)[0]?.alt ?? b.id

  if (editing)
    return (
      <BannerEditor
        banner={editing === 'new' ? null : editing}
        onClose={() => {
          setEditing(null)
          void reload()
        }}
      />
    )

  return (
    <>
      <div className={styles.filters}>
        <button
          type="button"
          className={styles.btnPrimary}
          data-testid="banner-create"
          onClick={() => setEditing('new')}
        >
          {t`New banner`}
        </button>
      </div>
      <DataTable
        label={t`Banners`}
        rows={list.data}
        rowKey={(b) => b.id}
        columns={[
          { label: t`Order`, cell: (b) => b.sort },
          { label: t`Image text`, cell: title },
          { label: t`Link target`, cell: (b) => b.link || '—', className: () => styles.muted },
          {
            label: t`Status`,
            cell: (b) => (
              <span className={`${styles.badge} ${b.status === 'published' ? styles.good : ''}`}>
                {b.status === 'published' ? t`Published` : t`Draft`}
              </span>
            ),
          },
          {
            label: t`Languages`,
            cell: (b) => Object.keys(b.images).join(', '),
            className: () => styles.muted,
          },
          {
            label: t`Actions`,
            cell: (b) => (
              <div className={styles.chips}>
                <button
                  type="button"
                  className={styles.btn}
                  onClick={() => setEditing(b)}
                  aria-label={t`Edit ${title(b)}`}
                >
                  {t`Edit`}
                </button>
                {b.status === 'draft' ? (
                  <button
                    type="button"
                    className={styles.btnPrimary}
                    onClick={() => void act(() => bannerAdmin.publish(b.id), t`Published`)}
                    aria-label={t`Publish ${title(b)}`}
                  >
                    {t`Publish`}
                  </button>
                ) : (
                  <button
                    type="button"
                    className={styles.btn}
                    onClick={() => void act(() => bannerAdmin.unpublish(b.id), t`Unpublished`)}
                    aria-label={t`Unpublish ${title(b)}`}
                  >
                    {t`Unpublish`}
                  </button>
                )}
              </div>
            ),
          },
        ]}
      />
    </>
  )
}
