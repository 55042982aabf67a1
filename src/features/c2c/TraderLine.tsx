import type { C2cTrader } from '@common/c2c/schema'
import { useLingui } from '@lingui/react/macro'
import styles from './styles'

/** An advertiser or counterparty: nickname, merchant badge, 30-day orders and completion rate. */
export function TraderLine({ trader }: { trader: C2cTrader }) {
  const { t } = useLingui()
  const rate = trader.completion ?? '--'
  const orders = trader.orders30
  return (
    <div className={styles.trader}>
      <span className={styles.traderName}>
        {trader.nickname}
        {trader.merchant && <span className={styles.merchant}>{t`Merchant`}</span>}
        {trader.demo && <span className={styles.merchant}>{t`Example`}</span>}
      </span>
      <span className={styles.hint}>{t`${orders} orders (30 days) · ${rate}% completed`}</span>
    </div>
  )
}
