import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { PageHeader } from '@/ui/PageHeader'
import styles from './Assets.module.css'
import { chainsQueryOptions } from './api'

/** Coin picker before a deposit. */
export function RechargeCurrencyPage() {
  const { t } = useLingui()
  const { data } = useQuery(chainsQueryOptions())
  return (
    <>
      <PageHeader title={t`Choose a coin`} backLabel={t`Back`} />
      <ul className={styles.list} aria-label={t`Coins`}>
        {(data ?? []).map((c) => {
          const open = c.chains.some((x) => x.depositOpen)
          return (
            <li key={c.coin} className={styles.item}>
              <Link to="/pages/assets/recharge" search={{ coin: c.coin }} className={styles.itemLink}>
                <div className={styles.row}>
                  <strong>{c.coin}</strong>
                  <span className={styles.sub}>
                    {c.chains.map((x) => x.chain).join(' · ')}
                    {!open && (
                      <>
                        {' · '}
                        <Trans>Not open</Trans>
                      </>
                    )}
                  </span>
                </div>
              </Link>
            </li>
          )
        })}
      </ul>
    </>
  )
}
