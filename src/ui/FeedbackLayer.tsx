import { useAtomValue } from 'jotai'
import { useEffect, useId, useRef } from 'react'
import { store } from '@/lib/store'
import styles from './FeedbackLayer.module.css'
import { closeAlert, currentAlertAtom, currentToastAtom, spinnerVisibleAtom } from './feedback'

export interface FeedbackLayerProps {
  /** Accessible name of the loading spinner, e.g. "Loading". */
  loadingLabel: string
  /** Label of the alert's acknowledge button, e.g. "OK". */
  okLabel: string
}

// Bound to the shared store so plain modules (http) and this layer always agree.
const opts = { store }

/** Toast, delayed loading spinner and alert dialog for the whole app; mount once. */
export function FeedbackLayer({ loadingLabel, okLabel }: FeedbackLayerProps) {
  const toast = useAtomValue(currentToastAtom, opts)
  const spinner = useAtomValue(spinnerVisibleAtom, opts)
  const alert = useAtomValue(currentAlertAtom, opts)

  return (
    <>
      {/* The live region stays mounted so screen readers announce each new toast. */}
      <div role="status" aria-live="polite" aria-atomic="true" className={styles.toastRegion}>
        {toast && (
          <div key={toast.id} className={toast.error ? `${styles.toast} ${styles.error}` : styles.toast}>
            {toast.text}
          </div>
        )}
      </div>
      {spinner && (
        <div className={styles.spinnerOverlay}>
          <div className={styles.spinnerBox}>
            <div role="progressbar" aria-label={loadingLabel} className={styles.spinner} />
          </div>
        </div>
      )}
      {alert && <AlertDialog key={alert.id} text={alert.text} okLabel={okLabel} />}
    </>
  )
}

function AlertDialog({ text, okLabel }: { text: string; okLabel: string }) {
  const textId = useId()
  const okRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    // Move focus into the dialog and give it back to where it was when it closes.
    const previous = document.activeElement as HTMLElement | null
    okRef.current?.focus()
    return () => previous?.focus?.()
  }, [])

  return (
    <div className={styles.backdrop}>
      <div role="alertdialog" aria-modal="true" aria-describedby={textId} className={styles.dialog}>
        <p id={textId} className={styles.dialogText}>
          {text}
        </p>
        <button ref={okRef} type="button" className={styles.ok} onClick={closeAlert}>
          {okLabel}
        </button>
      </div>
    </div>
  )
}
