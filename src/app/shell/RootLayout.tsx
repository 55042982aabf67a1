import { useLingui } from '@lingui/react/macro'
import { Outlet, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
// The browser's install prompt is captured from the start, whenever the offer's code arrives.
import '@/app/pwa/install-state'
import { OfflineBanner } from '@/app/pwa/OfflineBanner'
import { FeedbackLayer } from '@/ui/FeedbackLayer'
import { leaveScreenToasts } from '@/ui/feedback'
import { AppTabBar } from './AppTabBar'
import { ClientDataSync } from './ClientDataSync'
import styles from './RootLayout.module.css'

// Neither is part of a first screen: the update offer needs the service worker, registered after
// the first paint, and the install offer waits for the browser's prompt. Their code comes after.
const UpdatePrompt = lazy(() => import('./UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })))
const InstallOffer = lazy(() => import('@/app/pwa/InstallOffer').then((m) => ({ default: m.InstallOffer })))
// Pushed balance changes (fills, C2C escrow) refresh the balance screens from any screen.
const BalanceUpdates = lazy(() => import('./BalanceUpdates').then((m) => ({ default: m.BalanceUpdates })))

/** False for the first render, true once it has painted. */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    const frame = requestAnimationFrame(() => setPainted(true))
    return () => cancelAnimationFrame(frame)
  }, [])
  return painted
}

export function RootLayout() {
  const { t } = useLingui()
  const path = useRouterState({ select: (s) => s.location.pathname })
  const onHome = path === '/' || path === '/pages/home/index'
  const painted = usePainted()
  useEffect(() => {
    if (path) leaveScreenToasts()
  }, [path])
  return (
    <div className={styles.frame}>
      <ClientDataSync />
      <OfflineBanner />
      <main className={styles.main}>
        <Outlet />
      </main>
      <AppTabBar />
      {painted && (
        <Suspense fallback={null}>
          <UpdatePrompt />
          <BalanceUpdates />
          {onHome && <InstallOffer />}
        </Suspense>
      )}
      <FeedbackLayer loadingLabel={t`Loading`} okLabel={t`OK`} />
    </div>
  )
}
