import { useLingui } from '@lingui/react/macro'
import { Outlet } from '@tanstack/react-router'
import { FeedbackLayer } from '@/ui/FeedbackLayer'
import { AppTabBar } from './AppTabBar'
import styles from './RootLayout.module.css'
import { UpdatePrompt } from './UpdatePrompt'
import { useClientDataSync } from './use-client-data-sync'

export function RootLayout() {
  const { t } = useLingui()
  useClientDataSync()
  return (
    <>
      <main className={styles.main}>
        <Outlet />
      </main>
      <AppTabBar />
      <UpdatePrompt />
      <FeedbackLayer loadingLabel={t`Loading`} okLabel={t`OK`} />
    </>
  )
}
