import { reasonSchema } from '@common/admin/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import * as v from 'valibot'
import { Alert } from '@/ui/Alert'
import styles from './Console.module.css'

/**
 * A decision that needs a reason (reject, freeze, reset...): the button opens a reason field and a
 * confirm button; the reason is checked with the server's own schema.
 */
export function ReasonAction({
  label,
  confirmLabel,
  danger,
  onConfirm,
}: {
  label: string
  confirmLabel: string
  danger?: boolean
  onConfirm: (reason: string) => Promise<unknown>
}) {
  const { t } = useLingui()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  if (!open)
    return (
      <button type="button" className={danger ? styles.btnDanger : styles.btn} onClick={() => setOpen(true)}>
        {label}
      </button>
    )
  const submit = async () => {
    const parsed = v.safeParse(reasonSchema, reason)
    if (!parsed.success) {
      setError(t`Give a reason (2 to 200 characters)`)
      return
    }
    setBusy(true)
    try {
      await onConfirm(parsed.output)
      setOpen(false)
      setReason('')
    } catch {
      // Shown by the http layer.
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={styles.filters}>
      <label htmlFor={id} className={styles.muted}>
        {t`Reason`}
      </label>
      <input
        id={id}
        className={`${styles.input} ${styles.grow}`}
        value={reason}
        maxLength={200}
        aria-invalid={error !== ''}
        onChange={(e) => {
          setReason(e.target.value)
          setError('')
        }}
      />
      <button
        type="button"
        className={danger ? styles.btnDanger : styles.btnPrimary}
        disabled={busy}
        onClick={() => void submit()}
      >
        {confirmLabel}
      </button>
      <button type="button" className={styles.btn} onClick={() => setOpen(false)}>
        <Trans>Cancel</Trans>
      </button>
      <Alert text={error} className={styles.error} />
    </div>
  )
}

/** A review's rejection: Reject, then the reason and Confirm rejection. */
export function RejectAction({ onReject }: { onReject: (reason: string) => Promise<unknown> }) {
  const { t } = useLingui()
  return <ReasonAction label={t`Reject`} confirmLabel={t`Confirm rejection`} danger onConfirm={onReject} />
}
