import { Trans, useLingui } from '@lingui/react/macro'
import { useAtom } from 'jotai'
import { useState } from 'react'
import styles from './InstallOffer.module.css'
import { INSTALL_DISMISS_KEY, installOffer } from './install-offer'
import { deferredPromptAtom, isStandalone } from './install-state'

function readDismissedAt(): number | null {
  const raw = localStorage.getItem(INSTALL_DISMISS_KEY)
  const n = raw ? Number.parseInt(raw, 10) : Number.NaN
  return Number.isFinite(n) ? n : null
}

/** "Add to home screen": the browser's own prompt where it exists, instructions on iOS Safari. */
export function InstallOffer() {
  const { t } = useLingui()
  const [deferred, setDeferred] = useAtom(deferredPromptAtom)
  const [dismissedAt, setDismissedAt] = useState(readDismissedAt)
  const offer = installOffer({
    standalone: isStandalone(),
    canPrompt: deferred !== null,
    userAgent: navigator.userAgent,
    dismissedAt,
    now: Date.now(),
  })
  if (!offer) return null

  const dismiss = () => {
    const now = Date.now()
    localStorage.setItem(INSTALL_DISMISS_KEY, String(now))
    setDismissedAt(now)
  }
  const install = async () => {
    if (!deferred) return
    await deferred.prompt()
    const { outcome } = await deferred.userChoice
    setDeferred(null)
    if (outcome === 'dismissed') dismiss()
  }

  return (
    <aside className={styles.sheet} aria-label={t`Install the app`}>
      <img src="./icons/icon-192.png" alt="" width={40} height={40} className={styles.icon} />
      <div className={styles.text}>
        <strong>
          <Trans>Install Open Exchange</Trans>
        </strong>
        {offer === 'prompt' ? (
          <span>
            <Trans>Open it from your home screen, full screen, even offline.</Trans>
          </span>
        ) : (
          <span>
            <Trans>In Safari, tap Share, then “Add to Home Screen”.</Trans>
          </span>
        )}
      </div>
      <div className={styles.actions}>
        {offer === 'prompt' && (
          <button type="button" className={styles.primary} onClick={() => void install()}>
            <Trans>Install</Trans>
          </button>
        )}
        <button type="button" className={styles.secondary} onClick={dismiss}>
          <Trans>Not now</Trans>
        </button>
      </div>
    </aside>
  )
}
