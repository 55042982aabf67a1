import { type ReactNode, useEffect, useRef } from 'react'
import styles from './Sheet.module.css'

/** A bottom sheet on a native modal dialog (focus trap, Escape closes). */
export function Sheet({
  title,
  onClose,
  closeLabel,
  children,
  testId,
}: {
  title: string
  onClose: () => void
  closeLabel: string
  children: ReactNode
  testId?: string
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = ref.current
    if (d && !d.open) d.showModal?.()
  }, [])
  return (
    <dialog
      ref={ref}
      className={styles.sheet}
      aria-label={title}
      onClose={onClose}
      onCancel={onClose}
      data-testid={testId}
    >
      <div className={styles.sheetHead}>
        <h2>{title}</h2>
        <button type="button" onClick={onClose} className={styles.sheetClose}>
          {closeLabel}
        </button>
      </div>
      <div className={styles.sheetBody}>{children}</div>
    </dialog>
  )
}

/** A yes/no question before an action that cannot be undone. */
export function Confirm({
  title,
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  busy,
  children,
}: {
  title: string
  text?: string
  confirmLabel: string
  cancelLabel: string
  onConfirm: () => void
  onClose: () => void
  busy?: boolean
  children?: ReactNode
}) {
  return (
    <Sheet title={title} onClose={onClose} closeLabel={cancelLabel} testId="confirm">
      {text && <p className={styles.confirmText}>{text}</p>}
      {children}
      <div className={styles.sheetActions}>
        <button type="button" className={styles.btn} onClick={onClose}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={styles.btnPrimary}
          onClick={onConfirm}
          disabled={busy}
          data-testid="confirm-ok"
        >
          {confirmLabel}
        </button>
      </div>
    </Sheet>
  )
}
