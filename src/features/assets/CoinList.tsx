import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAtom } from 'jotai'
import { useState } from 'react'
import { CoinIcon } from '@/ui/CoinIcon'
import { Switch } from '@/ui/Switch'
import styles from './Assets.module.css'
import { foldBalances } from './balances'
import { hideSmallBalancesAtom } from './prefs'
import { useMoney } from './use-money'

export interface CoinRow {
  coin: string
  available: string
  frozen: string
  total: string
  valueUsdt: string | null
  precision?: number
}

/** "Hide small balances (< 1 USDT)", remembered on this device. */
export function SmallBalancesSwitch() {
  const { t } = useLingui()
  const [hide, setHide] = useAtom(hideSmallBalancesAtom)
  return (
    <span className={styles.switchRow}>
      <span aria-hidden="true">
        <Trans>Hide &lt; 1 USDT</Trans>
      </span>
      <Switch checked={hide} onChange={setHide} label={t`Hide balances worth less than 1 USDT`} />
    </span>
  )
}

/** The "Coins" title with the small-balances switch, then the list. */
export function CoinsSection(props: { rows: CoinRow[]; loaded: boolean }) {
  return (
    <>
      <div className={styles.listHead}>
        <h2 className={styles.sectionTitle}>
          <Trans>Coins</Trans>
        </h2>
        <SmallBalancesSwitch />
      </div>
      <CoinList {...props} />
    </>
  )
}

/**
 * A wallet's coins with their icons, at each coin's display precision. Zero balances are folded behind
 * "Show all"; the small-balances switch hides priced balances worth less than 1 USDT.
 */
export function CoinList({ rows, loaded }: { rows: CoinRow[]; loaded: boolean }) {
  const { t } = useLingui()
  const { money, asset } = useMoney()
  const [hide] = useAtom(hideSmallBalancesAtom)
  const [all, setAll] = useState(false)
  const { shown, zero, hiddenSmall } = foldBalances(rows, hide)
  const list = all ? [...shown, ...zero] : shown
  return (
    <>
      {list.length === 0 && loaded ? (
        <p className={styles.empty}>
          <Trans>No data</Trans>
        </p>
      ) : (
        <ul className={styles.list} aria-label={t`Coins`} data-testid="coin-list">
          {list.map((c) => (
            <li key={c.coin} className={styles.item}>
              <Link to="/pages/assets/my-hold" search={{ coin: c.coin }} className={styles.coinLink}>
                <CoinIcon code={c.coin} size={32} />
                <div className={styles.coinBody}>
                  <div className={styles.row}>
                    <strong>{c.coin}</strong>
                    <span className={`${styles.num} ${styles.strong}`}>
                      {asset(c.total, c.coin, c.precision)}
                    </span>
                  </div>
                  <div className={styles.row}>
                    <span className={styles.sub}>
                      <Trans>Frozen</Trans>{' '}
                      <span className={styles.num}>{asset(c.frozen, c.coin, c.precision)}</span>
                    </span>
                    <span className={`${styles.sub} ${styles.num}`}>
                      {c.valueUsdt === null ? t`No index price` : `≈ ${money(c.valueUsdt, 2)} USDT`}
                    </span>
                  </div>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {(zero.length > 0 || hiddenSmall > 0) && (
        <p className={styles.foldNote}>
          {hiddenSmall > 0 && (
            <span>
              <Trans>Small balances hidden: {hiddenSmall}</Trans>
            </span>
          )}
          {zero.length > 0 && (
            <button type="button" className={styles.linkBtn} onClick={() => setAll(!all)} aria-expanded={all}>
              {all ? t`Hide zero balances` : t`Show all, with zero balances (${zero.length})`}
            </button>
          )}
        </p>
      )}
    </>
  )
}
