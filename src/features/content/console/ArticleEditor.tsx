import { type ArticleType, articleSaveSchema, HELP_CATEGORIES } from '@common/content/schema'
import { LANGUAGES } from '@common/i18n/languages'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import * as v from 'valibot'
import { Alert } from '@/ui/Alert'
import { AuthedPhoto } from '@/ui/console/AuthedPhoto'
import styles from '@/ui/console/Console.module.css'
import { ConsoleChips } from '@/ui/console/ConsoleChips'
import { showToast } from '@/ui/feedback'
import { adminArticleQueryOptions, contentAdmin } from './api'
import { EditorBar, TypeOptions } from './EditorBar'

type Texts = Record<string, { title: string; body: string }>

/** Create or edit one article: type, category, cover, and a title and Markdown body per language. */
export function ArticleEditor({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useLingui()
  const existing = useQuery({ ...adminArticleQueryOptions(id ?? '0'), enabled: id !== null })
  const [type, setType] = useState<ArticleType>('news')
  const [category, setCategory] = useState('')
  const [cover, setCover] = useState<string | null>(null)
  const [texts, setTexts] = useState<Texts>({})
  const [lang, setLang] = useState('en')
  const [preview, setPreview] = useState<string | null>(null)
  const [error, setError] = useState('')
  const [savedId, setSavedId] = useState<string | null>(id)

  useEffect(() => {
    const a = existing.data
    if (!a) return
    setType(a.type)
    setCategory(a.category)
    setCover(a.cover)
    setTexts(a.texts)
  }, [existing.data])

  const current = texts[lang] ?? { title: '', body: '' }
  const setField = (k: 'title' | 'body', value: string) => {
    setTexts((all) => ({ ...all, [lang]: { ...(all[lang] ?? { title: '', body: '' }), [k]: value } }))
    setPreview(null)
    setError('')
  }

  const save = async () => {
    // Languages left empty are not sent.
    const filled = Object.fromEntries(
      Object.entries(texts).filter(([, x]) => x.title.trim() !== '' || x.body.trim() !== ''),
    )
    const parsed = v.safeParse(articleSaveSchema, {
      ...(savedId ? { id: savedId } : {}),
      type,
      category: type === 'help' ? category : '',
      cover,
      texts: filled,
    })
    if (!parsed.success) {
      setError(
        type === 'help' && !category
          ? t`Choose a category for a help article`
          : t`Each language you fill in needs a title; at least one language is required`,
      )
      return
    }
    try {
      const saved = await contentAdmin.save(parsed.output)
      setSavedId(saved.id)
      showToast(t`Saved`)
    } catch {
      // Shown by the http layer.
    }
  }

  const showPreview = async () => {
    try {
      setPreview((await contentAdmin.preview(current.body)).html)
    } catch {
      // Shown by the http layer.
    }
  }

  const upload = async (file: File | undefined) => {
    if (!file) return
    try {
      setCover((await contentAdmin.uploadCover(file)).id)
    } catch {
      // Shown by the http layer.
    }
  }

  if (id && existing.isPending) return <p className={styles.muted}>{t`Loading`}</p>

  return (
    <section aria-label={savedId ? t`Edit article` : t`New article`}>
      <h2 className={styles.h2}>{savedId ? t`Edit article` : t`New article`}</h2>
      <div className={styles.filters}>
        <label className={styles.muted}>
          {t`Type`}
          <select
            className={styles.select}
            value={type}
            onChange={(e) => setType(e.target.value as ArticleType)}
          >
            <TypeOptions />
          </select>
        </label>
        {type === 'help' && (
          <label className={styles.muted}>
            {t`Category`}
            <select className={styles.select} value={category} onChange={(e) => setCategory(e.target.value)}>
              <option value="">—</option>
              {HELP_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className={styles.muted}>
          {t`Cover image`}
          <input type="file" accept="image/*" onChange={(e) => void upload(e.target.files?.[0])} />
        </label>
        {cover && (
          <button type="button" className={styles.btn} onClick={() => setCover(null)}>
            {t`Remove cover`}
          </button>
        )}
      </div>
      {cover && <AuthedPhoto path={`upload/${cover}`} label={t`Cover image`} />}

      <ConsoleChips
        label={t`Language`}
        value={lang}
        options={LANGUAGES.map((l) => [l.code, `${l.native}${texts[l.code]?.title ? ' ✓' : ''}`] as const)}
        onChange={(code) => {
          setLang(code)
          setPreview(null)
        }}
      />
      <p className={styles.muted}>{t`Readers get their language, else English, else Traditional Chinese.`}</p>
      <label className={styles.muted} style={{ display: 'block' }}>
        {t`Title`}
        <input
          className={styles.input}
          style={{ width: '100%' }}
          value={current.title}
          maxLength={200}
          onChange={(e) => setField('title', e.target.value)}
        />
      </label>
      <label className={styles.muted} style={{ display: 'block' }}>
        {t`Body (Markdown)`}
        <textarea
          className={styles.input}
          style={{ width: '100%', minHeight: 240, fontFamily: 'monospace' }}
          value={current.body}
          maxLength={50000}
          onChange={(e) => setField('body', e.target.value)}
        />
      </label>
      <Alert text={error} className={styles.error} as="p" />
      <EditorBar
        onSave={() => void save()}
        onClose={onClose}
        before={
          <button type="button" className={styles.btn} onClick={() => void showPreview()}>
            {t`Preview`}
          </button>
        }
      />
      {preview !== null && (
        <section className={styles.panel} aria-label={t`Preview`}>
          <h3>{current.title}</h3>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitized by the server */}
          <div dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      )}
    </section>
  )
}
