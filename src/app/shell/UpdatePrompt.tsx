import { Trans } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import type { Workbox } from 'workbox-window'
import styles from './UpdatePrompt.module.css'

/**
 * Registers the service worker and, when a new version is waiting, offers to reload.
 * Never reloads on its own: the user may be in the middle of a form.
 */
export function UpdatePrompt() {
  const [wb, setWb] = useState<Workbox | null>(null)
  const [waiting, setWaiting] = useState(false)
  // Set when the user accepts in this tab: the coming change of worker then reloads it. (Workbox's
  // isUpdate only says whether the page was controlled when it loaded, so an update arriving in the
  // first session would never reload.)
  const accepted = useRef(false)

  const reload = async () => {
    accepted.current = true
    const reg = await navigator.serviceWorker.getRegistration()
    // Nothing waiting any more (another tab took the update): the page itself is what is old.
    if (reg?.waiting) wb?.messageSkipWaiting()
    else window.location.reload()
  }

  // Registered once the first route has rendered and painted: the worker never delays the first screen.
  const routed = useRouterState({ select: (s) => s.status === 'idle' })
  const registered = useRef(false)
  useEffect(() => {
    if (registered.current || !routed || !('serviceWorker' in navigator) || import.meta.env.DEV) return
    let cancelled = false
    const painted = new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)))
    void painted
      .then(() => import('workbox-window'))
      .then(({ Workbox }) => {
        if (cancelled || registered.current) return
        registered.current = true
        const box = new Workbox('./sw.js', { scope: './' })
        // The first worker taking control of a fresh visit is no update.
        let controlled = navigator.serviceWorker.controller !== null
        box.addEventListener('waiting', () => setWaiting(true))
        box.addEventListener('controlling', () => {
          if (accepted.current) window.location.reload()
          // Another tab accepted: this page runs the old code under the new worker until reloaded.
          else if (controlled) setWaiting(true)
          controlled = true
        })
        // A browser that blocks workers (private mode, policy) simply runs without offline support.
        box.register().catch(() => undefined)
        setWb(box)
      })
    return () => {
      cancelled = true
    }
  }, [routed])

  if (!waiting || !wb) return null
  return (
    <div className={styles.bar} role="status">
      <span>
        <Trans>A new version is available.</Trans>
      </span>
      <button type="button" className={styles.reload} onClick={() => void reload()}>
        <Trans>Reload</Trans>
      </button>
      <button type="button" className={styles.later} onClick={() => setWaiting(false)}>
        <Trans>Later</Trans>
      </button>
    </div>
  )
}
