import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { socketStateAtom } from '@/lib/socket/client'
import styles from './ConnectionStatus.module.css'

/** Shown only while the live feed is not open (after a short grace period on first connect). */
export function ConnectionStatus() {
  const { t } = useLingui()
  const state = useAtomValue(socketStateAtom)
  const [grace, setGrace] = useState(true)
  useEffect(() => {
    const id = setTimeout(() => setGrace(false), 1500)
    return () => clearTimeout(id)
  }, [])
  if (state === 'open' || (grace && state === 'connecting')) return null
  const label = {
    connecting: t`Connecting to live prices…`,
    reconnecting: t`Reconnecting to live prices…`,
    closing: t`Closing live connection…`,
    closed: t`Live prices are offline`,
  }[state]
  return (
    <p className={styles.connection} role="status" data-state={state}>
      {label}
    </p>
  )
}
