import { symbolLabel } from '@common/market/symbol'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { PageHeader } from '@/ui/PageHeader'
import { OrderRecords } from './OrderRecords'
import styles from './Spot.module.css'

/** pages/history/index: current orders, order history and fills; one pair or all of them. */
export function HistoryPage({ symbol }: { symbol?: string }) {
  const { t } = useLingui()
  return (
    <>
      <PageHeader title={t`Order history`} backLabel={t`Back`} />
      <nav className={styles.pairFilter} aria-label={t`Pairs`}>
        {symbol ? (
          <>
            <Link to="/pages/history/index" search={{}} replace data-testid="filter-all">
              {t`All pairs`}
            </Link>
            <span aria-current="true" data-testid="filter-symbol">
              {symbolLabel(symbol)}
            </span>
          </>
        ) : (
          <span aria-current="true" data-testid="filter-all">
            {t`All pairs`}
          </span>
        )}
      </nav>
      <OrderRecords key={symbol ?? ''} symbol={symbol} />
    </>
  )
}
