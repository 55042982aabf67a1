import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { http } from '@/lib/http/client'
import { compressImage } from '@/lib/image/compress-image'
import { showToast } from '@/ui/feedback'
import styles from './Product.module.css'

export interface Picked {
  id: string
  preview: string
}

/** Images picked on the device, compressed to about 200 KB each and uploaded (proofs, vouchers). */
export function ImagePicker({
  label,
  max,
  value,
  onChange,
}: {
  label: string
  max: number
  value: Picked[]
  onChange: (v: Picked[]) => void
}) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const pick = async (files: FileList | null) => {
    if (!files?.length) return
    setBusy(true)
    const out = [...value]
    try {
      for (const f of [...files].slice(0, max - value.length)) {
        const jpeg = await compressImage(f)
        const up = await http.upload<{ id: string }>('uploadImage', jpeg, 'image', { loading: true })
        out.push({ id: up.id, preview: URL.createObjectURL(jpeg) })
      }
    } catch {
      showToast(t`File format or type error`, { error: true })
    } finally {
      setBusy(false)
      onChange(out)
    }
  }
  return (
    <div className={styles.thumbs}>
      {value.map((p) => (
        <button
          key={p.id}
          type="button"
          className={styles.chip}
          style={{ padding: 0 }}
          onClick={() => onChange(value.filter((x) => x.id !== p.id))}
          aria-label={t`Remove image`}
        >
          <img src={p.preview} alt="" />
        </button>
      ))}
      {value.length < max && (
        <label className={styles.pick} aria-busy={busy}>
          <input
            type="file"
            accept="image/*"
            multiple
            onChange={(e) => void pick(e.target.files)}
            data-testid="image-input"
          />
          {busy ? t`Uploading…` : label}
        </label>
      )}
    </div>
  )
}
