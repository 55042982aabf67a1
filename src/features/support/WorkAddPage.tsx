import { IMAGE_PICK_COUNT } from '@common/constants'
import { TICKET_CONTENT_MAX, TICKET_TITLE_MAX, TICKET_TYPES, type TicketType } from '@common/support/schema'
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { compressImage } from '@/lib/image/compress-image'
import { Alert } from '@/ui/Alert'
import { ChoiceChips } from '@/ui/ChoiceChips'
import { useSliderTicket } from '@/ui/form/SliderDialog'
import { PageHeader } from '@/ui/PageHeader'
import { serviceKeys, workApi } from './api'
import { TYPE_LABELS } from './labels'
import styles from './Support.module.css'

interface Picked {
  id: string
  url: string
}

/** pages/work/add: type, title, content, up to 9 pictures; the slider check on submit. */
export function WorkAddPage() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const qc = useQueryClient()
  const slider = useSliderTicket()
  const [type, setType] = useState<TicketType | null>(null)
  const [title, setTitle] = useState('')
  const [content, setContent] = useState('')
  const [images, setImages] = useState<Picked[]>([])
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const fileRef = useRef<HTMLInputElement>(null)
  const urls = useRef<string[]>([])
  useEffect(
    () => () => {
      for (const u of urls.current) URL.revokeObjectURL(u)
    },
    [],
  )

  const pick = async (files: FileList | null) => {
    if (!files) return
    const room = IMAGE_PICK_COUNT - images.length
    const list = Array.from(files).slice(0, room)
    setBusy(true)
    try {
      for (const f of list) {
        const small = await compressImage(f).catch(() => f)
        const { id } = await workApi.uploadImage(small)
        const url = URL.createObjectURL(small)
        urls.current.push(url)
        setImages((xs) => [...xs, { id, url }])
      }
    } catch {
      // The client showed why (too large, wrong type).
    } finally {
      setBusy(false)
      if (fileRef.current) fileRef.current.value = ''
    }
  }

  const submit = async () => {
    setError('')
    if (!type) return setError(t`Choose a type`)
    if (!title.trim()) return setError(t`Enter a title`)
    if (!content.trim()) return setError(t`Describe your problem`)
    let ticket: string
    try {
      ticket = await slider.request()
    } catch {
      return
    }
    setBusy(true)
    try {
      const created = await workApi.create({
        type,
        title: title.trim(),
        content: content.trim(),
        images: images.map((i) => i.id),
        ticket,
      })
      await qc.invalidateQueries({ queryKey: serviceKeys.all })
      await navigate({ to: '/pages/work/detail', search: { id: created.id }, replace: true })
    } catch {
      // Shown by the client.
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <PageHeader title={t`New work order`} backLabel={t`Back`} />
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <div className={styles.label}>
          <span id="work-type">{t`Type`}</span>
          <ChoiceChips
            labelledBy="work-type"
            classes={{ tabs: styles.types, tab: styles.type }}
            value={type ?? undefined}
            options={TICKET_TYPES.map((x) => [x, t(TYPE_LABELS[x])] as const)}
            onChange={(x) => setType(x ?? null)}
          />
        </div>
        <label className={styles.label}>
          {t`Title`}
          <input
            className={styles.field}
            value={title}
            maxLength={TICKET_TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={t`A short summary`}
          />
        </label>
        <label className={styles.label}>
          {t({ message: 'Content', context: 'message body' })}
          <textarea
            className={styles.area}
            value={content}
            maxLength={TICKET_CONTENT_MAX}
            onChange={(e) => setContent(e.target.value)}
            placeholder={t`What happened? Include order numbers, amounts and times.`}
          />
          <span className={styles.count}>
            {content.length}/{TICKET_CONTENT_MAX}
          </span>
        </label>
        <div className={styles.label}>
          <span>{t`Pictures (optional, up to ${IMAGE_PICK_COUNT})`}</span>
          <div className={styles.thumbs}>
            {images.map((img, i) => (
              <div key={img.id} className={styles.thumb}>
                <img src={img.url} alt={t`Attachment ${i + 1}`} />
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={t`Remove picture ${i + 1}`}
                  onClick={() => setImages((xs) => xs.filter((x) => x.id !== img.id))}
                >
                  ×
                </button>
              </div>
            ))}
            {images.length < IMAGE_PICK_COUNT && (
              <button
                type="button"
                className={styles.addThumb}
                aria-label={t`Add pictures`}
                onClick={() => fileRef.current?.click()}
                disabled={busy}
              >
                +
              </button>
            )}
          </div>
          <input
            ref={fileRef}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            hidden
            data-testid="work-file"
            onChange={(e) => void pick(e.target.files)}
          />
        </div>
        <Alert text={error} className={styles.error} as="p" />
        <button type="submit" className={styles.primary} disabled={busy}>
          {t`Submit`}
        </button>
      </form>
      {slider.element}
    </>
  )
}
