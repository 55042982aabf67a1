import type { Page } from '@common/api/page'
import type { ContractOrder, ContractPosition } from '@common/contract/schema'
import { useLingui } from '@lingui/react/macro'
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { TickerMap } from '@/lib/market/api'
import { TabRow } from '@/ui/TabRow'
import styles from './Contract.module.css'
import { HistoryOrders, OpenOrders } from './OrdersPanel'
import { PositionsPanel } from './PositionsPanel'

type Section = 'positions' | 'open' | 'history'

/** The lower half of the trade page: positions, current orders and order history under tabs. */
export function OrdersSection(props: {
  loggedIn: boolean
  symbol: string
  section: Section
  setSection: (s: Section) => void
  positions: ContractPosition[]
  open: ContractOrder[]
  history: UseInfiniteQueryResult<InfiniteData<Page<ContractOrder>>>
  tickers: TickerMap | undefined
  precision: (symbol: string) => number | undefined
}) {
  const { t } = useLingui()
  const { section, setSection } = props
  const tabs: [Section, string][] = [
    ['positions', t`Positions (${props.positions.length})`],
    ['open', t`Orders (${props.open.length})`],
    ['history', t`History`],
  ]
  return (
    <section className={styles.orders} aria-label={t`My positions and orders`}>
      <TabRow
        label={t`My positions and orders`}
        className={styles.tabs}
        value={section}
        options={tabs}
        onChange={setSection}
        testId="tab"
        tabProps={(k) => ({
          'data-count':
            k === 'positions' ? props.positions.length : k === 'open' ? props.open.length : undefined,
        })}
      />
      {!props.loggedIn ? (
        <p className={styles.empty}>
          <Link to="/pages/login/index">{t`Log in`}</Link> {t`to trade perpetuals`}
        </p>
      ) : section === 'positions' ? (
        <PositionsPanel positions={props.positions} tickers={props.tickers} precision={props.precision} />
      ) : section === 'open' ? (
        <OpenOrders orders={props.open} symbol={props.symbol} />
      ) : (
        <HistoryOrders query={props.history} />
      )}
    </section>
  )
}
