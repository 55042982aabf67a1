import { useLingui } from '@lingui/react/macro'
import { Outlet, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { InstallOffer } from '@/app/pwa/InstallOffer'
import { OfflineBanner } from '@/app/pwa/OfflineBanner'
import { FeedbackLayer } from '@/ui/FeedbackLayer'
import { dropQueuedToasts } from '@/ui/feedback'
import { AppTabBar } from './AppTabBar'
import { ClientDataSync } from './ClientDataSync'
import styles from './RootLayout.module.css'
import { UpdatePrompt } from './UpdatePrompt'

export function RootLayout() {
  const { t } = useLingui()
  const path = useRouterState({ select: (s) => s.location.pathname })
  const onHome = path === '/' || path === '/pages/home/index'
  useEffect(() => {
    if (path) dropQueuedToasts()
  }, [path])
  return (
    <div className={styles.frame}>
      <ClientDataSync />
      <OfflineBanner />
      <main className={styles.main}>
        <Outlet />
      </main>
      <AppTabBar />
      <UpdatePrompt />
      {onHome && <InstallOffer />}
      <FeedbackLayer loadingLabel={t`Loading`} okLabel={t`OK`} />
    </div>
  )
}
