import { Trans, useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/ui/PageHeader'
import { AppTabBar } from './AppTabBar'
import styles from './RouteStatus.module.css'

/** Loaded only when a path matches no route, so the home route does not carry it. */
export function NotFoundPage() {
  const { t } = useLingui()
  return (
    <>
      <PageHeader title={t`Page not found`} backLabel={t`Back`} />
      <div className={styles.box}>
        <p>
          <Trans>This page does not exist.</Trans>
        </p>
        <a className={styles.button} href="#/">
          <Trans>Back to home</Trans>
        </a>
      </div>
      <AppTabBar always />
    </>
  )
}
