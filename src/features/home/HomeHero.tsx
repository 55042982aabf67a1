import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useAtom, useAtomValue } from 'jotai'
import { overviewQueryOptions } from '@/lib/assets/balances'
import { useFormat } from '@/lib/format/use-format'
import { hideMoneyAtom, tokenAtom } from '@/lib/store'
import { DepositIcon, EyeIcon } from '@/ui/Icons'
import styles from './HomeHero.module.css'

/**
 * The top of home. A visitor (no token in local storage: known before any request) gets the
 * sign-up call at once; a signed-in user gets the total of the assets overview, whose line keeps
 * its height while the number loads.
 */
export function HomeHero() {
  const token = useAtomValue(tokenAtom)
  return token ? <AssetSummary /> : <VisitorHero />
}

function VisitorHero() {
  const { t } = useLingui()
  return (
    <section className={styles.hero} aria-label={t`Welcome`}>
      <h2 className={styles.title}>
        <Trans>Trade crypto on an exchange you can check</Trans>
      </h2>
      <p className={styles.sub}>
        <Trans>Spot, perpetuals and options on one account. Every balance change is in your records.</Trans>
      </p>
      <div className={styles.actions}>
        <Link to="/pages/reg/index" className={styles.primary}>
          <Trans>Register</Trans>
        </Link>
        <Link to="/pages/login/index" className={styles.secondary}>
          <Trans>Log in</Trans>
        </Link>
      </div>
    </section>
  )
}

function AssetSummary() {
  const { t } = useLingui()
  const { amount } = useFormat()
  const [hidden, setHidden] = useAtom(hideMoneyAtom)
  const overview = useQuery(overviewQueryOptions())
  const total = overview.data?.totalUsdt
  return (
    <section className={styles.hero} aria-label={t`Total assets`}>
      <div className={styles.summary}>
        <div className={styles.totalBox}>
          <span className={styles.label}>
            <Trans>Total assets (USDT)</Trans>
            <button
              type="button"
              className={styles.eye}
              onClick={() => setHidden(!hidden)}
              aria-label={hidden ? t`Show balances` : t`Hide balances`}
              aria-pressed={hidden}
            >
              <EyeIcon off={hidden} />
            </button>
          </span>
          <Link to="/pages/assets/index" className={styles.total} data-testid="home-total-usdt">
            {hidden ? (
              '****'
            ) : total === undefined ? (
              <>
                <span className={styles.skeleton} />
                <span className="visually-hidden">{t`Loading`}</span>
              </>
            ) : (
              amount(total, { dp: 2 })
            )}
          </Link>
        </div>
        <Link to="/pages/assets/recharge-currency" className={styles.deposit}>
          <DepositIcon />
          <Trans>Deposit</Trans>
        </Link>
      </div>
    </section>
  )
}
