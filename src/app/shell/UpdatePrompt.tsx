import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { Workbox } from 'workbox-window'
import styles from './UpdatePrompt.module.css'

/**
 * Registers the service worker and, when a new version is waiting, offers to reload.
 * Never reloads on its own: the user may be in the middle of a form.
 */
export function UpdatePrompt() {
  const [wb, setWb] = useState<Workbox | null>(null)
  const [waiting, setWaiting] = useState(false)

  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
    let cancelled = false
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return
      const box = new Workbox('./sw.js', { scope: './' })
      box.addEventListener('waiting', () => setWaiting(true))
      box.addEventListener('controlling', (e) => {
        if (e.isUpdate) window.location.reload()
      })
      // A browser that blocks workers (private mode, policy) simply runs without offline support.
      box.register().catch(() => undefined)
      setWb(box)
    })
    return () => {
      cancelled = true
    }
  }, [])

  if (!waiting || !wb) return null
  return (
    <div className={styles.bar} role="status">
      <span>
        <Trans>A new version is available.</Trans>
      </span>
      <button type="button" className={styles.reload} onClick={() => wb.messageSkipWaiting()}>
        <Trans>Reload</Trans>
      </button>
      <button type="button" className={styles.later} onClick={() => setWaiting(false)}>
        <Trans>Later</Trans>
      </button>
    </div>
  )
}
