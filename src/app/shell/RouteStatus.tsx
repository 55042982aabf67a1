import { CHUNK_TIMEOUT_MS } from '@common/constants'
import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import styles from './RouteStatus.module.css'

/**
 * Shown by the router after 200 ms of loading. If the page's code or data has not arrived in
 * 120 s (the spec's chunk time-out) the wait ends with a way out instead of a spinner forever.
 */
export function PendingPage() {
  const [timedOut, setTimedOut] = useState(false)
  useEffect(() => {
    const id = setTimeout(() => setTimedOut(true), CHUNK_TIMEOUT_MS)
    return () => clearTimeout(id)
  }, [])
  if (timedOut) {
    return (
      <div className={styles.box} role="alert">
        <p>
          <Trans>The page is taking too long to load.</Trans>
        </p>
        <button type="button" className={styles.button} onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </button>
      </div>
    )
  }
  return (
    <div className={styles.box} role="progressbar" aria-busy="true">
      <span className={styles.spinner} />
    </div>
  )
}

export function RouteError({ reset }: { reset?: () => void }) {
  return (
    <div className={styles.box} role="alert">
      <p>
        <Trans>Something went wrong while opening this page.</Trans>
      </p>
      <button
        type="button"
        className={styles.button}
        onClick={() => (reset ? reset() : window.location.reload())}
      >
        <Trans>Try again</Trans>
      </button>
    </div>
  )
}
