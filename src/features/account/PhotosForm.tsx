import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { compressImage } from '@/lib/image/compress-image'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { InlineForm } from '@/ui/form/InlineForm'
import { accountApi } from './api'

type Slot = 'front' | 'back' | 'hand'
interface Picked {
  id: string
  preview: string
}

/** Front, back and hand-held photos: each compressed on the device, uploaded, then submitted. */
export function PhotosForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui()
  const [photos, setPhotos] = useState<Partial<Record<Slot, Picked>>>({})
  const [busy, setBusy] = useState(false)
  const labels: Record<Slot, string> = {
    front: t`Front of the document`,
    back: t`Back of the document`,
    hand: t`Holding the document`,
  }

  const pick = async (slot: Slot, file: File | undefined) => {
    if (!file) return
    try {
      const jpeg = await compressImage(file)
      const up = await accountApi.upload(jpeg)
      setPhotos((p) => ({ ...p, [slot]: { id: up.id, preview: URL.createObjectURL(jpeg) } }))
    } catch {
      showToast(t`File format or type error`, { error: true })
    }
  }

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const { front, back, hand } = photos
    if (!front || !back || !hand) return showToast(t`Add all three photos`, { error: true })
    try {
      await accountApi.post(
        'user/identity/advanced',
        { front: front.id, back: back.id, hand: hand.id },
        { loading: true, btnLoading: setBusy },
      )
      showToast(t`Submit success, under review`)
      onDone()
    } catch {
      // Shown by the http layer.
    }
  }

  return (
    <InlineForm label={t`Advanced verification`} heading onSubmit={submit}>
      <p className={form.hint}>
        <Trans>Photos must be clear, complete and without a watermark.</Trans>
      </p>
      {(Object.keys(labels) as Slot[]).map((slot) => (
        <label
          key={slot}
          className={form.card}
          style={{ display: 'flex', alignItems: 'center', gap: 12, cursor: 'pointer' }}
        >
          {photos[slot] ? (
            <img
              src={photos[slot]?.preview}
              width={96}
              height={64}
              alt=""
              style={{ objectFit: 'cover', borderRadius: 6 }}
            />
          ) : (
            <span
              aria-hidden="true"
              style={{
                width: 96,
                height: 64,
                borderRadius: 6,
                background: 'var(--bg-muted)',
                display: 'grid',
                placeItems: 'center',
                fontSize: 28,
              }}
            >
              +
            </span>
          )}
          <span>{labels[slot]}</span>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-label={labels[slot]}
            data-slot={slot}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
            onChange={(e) => void pick(slot, e.target.files?.[0])}
          />
        </label>
      ))}
      <button type="submit" className={form.primary} disabled={busy}>
        <Trans>Submit</Trans>
      </button>
    </InlineForm>
  )
}
