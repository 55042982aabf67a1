import type { ContractInstrument } from '@common/contract/schema'
import { useLingui } from '@lingui/react/macro'
import { memo, useState } from 'react'
import { OrderBook } from '@/ui/trade/OrderBook'
import { RecentTrades } from '@/ui/trade/RecentTrades'
import styles from './Contract.module.css'
import { useLiveDepth, useLiveTrades } from './live'

/**
 * The perpetual's book or its recent trades (two small tabs), live; a tap on a level hands its
 * price to the ticket. Its depth updates render this column alone.
 */
export const BookPanel = memo(function BookPanel({
  symbol,
  inst,
  last,
  onPick,
}: {
  symbol: string
  inst: ContractInstrument | undefined
  last: string | undefined
  onPick: (price: string) => void
}) {
  const { t } = useLingui()
  const depth = useLiveDepth(symbol)
  const trades = useLiveTrades(symbol)
  const [tab, setTab] = useState<'book' | 'trades'>('book')
  // Book amounts are base quantities: as many decimals as the quantity per lot has.
  const qtyDp = inst ? (inst.lotSize.split('.')[1]?.length ?? 0) : undefined
  return (
    <div className={styles.bookCol}>
      <div className={styles.miniTabs} role="tablist" aria-label={t`Order book and trades`}>
        <button type="button" role="tab" aria-selected={tab === 'book'} onClick={() => setTab('book')}>
          {t`Book`}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'trades'} onClick={() => setTab('trades')}>
          {t`Trades`}
        </button>
      </div>
      {tab === 'book' ? (
        <OrderBook
          bids={depth?.bids ?? []}
          asks={depth?.asks ?? []}
          last={last}
          rows={7}
          pricePrecision={inst?.pricePrecision}
          amountPrecision={qtyDp}
          onPick={onPick}
        />
      ) : (
        <RecentTrades trades={(trades ?? []).slice(0, 15)} pricePrecision={inst?.pricePrecision} />
      )}
    </div>
  )
})
