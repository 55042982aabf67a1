import type { C2cOrder } from '@common/c2c/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ImagePicker, type Picked } from '@/ui/ImagePicker'
import { Sheet } from '@/ui/Sheet'
import { c2cApi, c2cKeys } from './api'
import styles from './styles'

/** The appeal form: what happened (required) and evidence pictures. The coins stay frozen meanwhile. */
export function AppealSheet({ order, onClose }: { order: C2cOrder; onClose: () => void }) {
  const { t } = useLingui()
  const qc = useQueryClient()
  const [content, setContent] = useState('')
  const [evidence, setEvidence] = useState<Picked[]>([])
  const [busy, setBusy] = useState(false)
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!content.trim()) return
    try {
      const next = await c2cApi.post<C2cOrder>(
        'c2c/order/appeal',
        { id: order.id, content: content.trim(), evidence: evidence.map((x) => x.id) },
        { loading: true, btnLoading: setBusy },
      )
      qc.setQueryData(c2cKeys.order(order.id), next)
      onClose()
    } catch {
      // Shown by the http layer.
    }
  }
  return (
    <Sheet title={t`Appeal`} onClose={onClose} closeLabel={t`Close`} testId="c2c-appeal-sheet">
      <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <p className={styles.hint}>
          <Trans>
            Describe what happened. The coins stay frozen until customer service decides; both parties are
            told.
          </Trans>
        </p>
        <textarea
          className={styles.textarea}
          value={content}
          maxLength={1000}
          onChange={(e) => setContent(e.target.value)}
          aria-label={t`What happened`}
          placeholder={t`What happened`}
          data-testid="c2c-appeal-content"
        />
        <ImagePicker label={t`Add evidence`} max={9} value={evidence} onChange={setEvidence} />
        <button
          type="submit"
          className={styles.btn}
          disabled={busy || !content.trim()}
          data-testid="c2c-appeal-submit"
        >
          <Trans>Submit appeal</Trans>
        </button>
      </form>
    </Sheet>
  )
}
