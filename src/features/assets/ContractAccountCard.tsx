import { isNegative } from '@common/money/decimal'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import styles from './Assets.module.css'
import { contractAccountQueryOptions } from './api'
import { useMoney } from './use-money'

/** The contract account's equity, margins and unrealized PnL, with links to trade and records. */
export function ContractAccountCard() {
  const { t } = useLingui()
  const { money } = useMoney()
  const { data } = useQuery(contractAccountQueryOptions())
  if (!data) return null
  const rows: [string, string, string?][] = [
    [t`Equity`, money(data.equity, 2), 'contract-equity'],
    [t`Available margin`, money(data.available, 2)],
    [t`Position margin`, money(data.positionMargin, 2)],
    [t`Order margin`, money(data.orderMargin, 2)],
    [t`Unrealized PnL`, money(data.unrealizedPnl, 2), 'contract-upnl'],
    [t`Risk rate`, `${money(data.riskRate, 2)}%`],
  ]
  return (
    <section className={styles.contractCard} aria-label={t`Contract account (USDT)`}>
      <dl className={styles.contractGrid}>
        {rows.map(([label, value, id]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd
              data-testid={id}
              data-trend={
                id === 'contract-upnl' ? (isNegative(data.unrealizedPnl) ? 'down' : 'up') : undefined
              }
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <nav className={styles.contractLinks}>
        <Link to="/pages/trade/trade-leverage" search={{ symbol: 'BTCUSDT_PERP' }}>
          <Trans>Trade perpetuals</Trans>
        </Link>
        <Link to="/pages/assets/leverage-record" search={{ tab: 'orders' }}>
          <Trans>Contract records</Trans>
        </Link>
      </nav>
    </section>
  )
}
