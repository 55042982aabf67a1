import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import form from '@/ui/form/Form.module.css'
import { PageHeader } from '@/ui/PageHeader'
import styles from './NoWalletPage.module.css'

/** pages/common/nowallet: what a browser wallet is, and how to log in with one. */
export function NoWalletPage() {
  const { t } = useLingui()
  return (
    <>
      <PageHeader title={t`Browser wallet`} backLabel={t`Back`} />
      <article className={styles.page}>
        <h2 className={styles.h}>
          <Trans>No wallet found in this browser</Trans>
        </h2>
        <p>
          <Trans>
            A browser wallet (such as MetaMask, Trust Wallet, OKX Wallet or Coinbase Wallet) keeps the keys of
            your crypto address on your own device. Websites can ask it to prove that you own an address by
            signing a message; they never see your keys.
          </Trans>
        </p>
        <h3 className={styles.h}>
          <Trans>To log in with a wallet</Trans>
        </h3>
        <ol className={styles.steps}>
          <li>
            <Trans>Install a wallet extension on a computer, or a wallet app on your phone.</Trans>
          </li>
          <li>
            <Trans>
              Open this site in the wallet's own browser (on a phone), or reload it after installing the
              extension.
            </Trans>
          </li>
          <li>
            <Trans>
              Tap "Connect wallet" on the login page and sign the message. Signing is free and moves no funds.
            </Trans>
          </li>
        </ol>
        <p className={styles.note}>
          <Trans>
            We only ask you to sign a login message. Never approve a transaction or share your recovery phrase
            to log in.
          </Trans>
        </p>
        <Link
          to="/pages/login/index"
          className={form.primary}
          style={{ display: 'grid', placeItems: 'center', textDecoration: 'none' }}
        >
          <Trans>Log in with e-mail or phone</Trans>
        </Link>
      </article>
    </>
  )
}
