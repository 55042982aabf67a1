import type { Instrument } from '@common/market/types'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useSpotDepth, useSpotTrades } from '@/lib/market/spot-book'
import { OrderBook } from './OrderBook'
import styles from './QuotePanels.module.css'
import { RecentTrades } from './RecentTrades'

/** Quote page: order book and recent trades of a spot pair, and Buy / Sell into trade-spot. */
export function QuotePanels({ instrument, last }: { instrument: Instrument; last?: string }) {
  const { t } = useLingui()
  const [tab, setTab] = useState<'book' | 'trades'>('book')
  const depth = useSpotDepth(instrument.symbol)
  const trades = useSpotTrades(instrument.symbol)
  return (
    <>
      <section className={styles.panels} aria-label={t`Order book and trades`}>
        <div className={styles.panelTabs} role="tablist">
          <button type="button" role="tab" aria-selected={tab === 'book'} onClick={() => setTab('book')}>
            {t`Order book`}
          </button>
          <button type="button" role="tab" aria-selected={tab === 'trades'} onClick={() => setTab('trades')}>
            {t`Recent trades`}
          </button>
        </div>
        {tab === 'book' ? (
          <OrderBook
            bids={depth?.bids ?? []}
            asks={depth?.asks ?? []}
            last={last}
            rows={10}
            pricePrecision={instrument.pricePrecision}
            amountPrecision={instrument.amountPrecision}
          />
        ) : (
          <RecentTrades trades={trades ?? []} pricePrecision={instrument.pricePrecision} />
        )}
      </section>
      <div className={styles.actionBar}>
        <Link to="/pages/trade/trade-spot" search={{ symbol: instrument.symbol }} data-side="buy">
          {t`Buy`}
        </Link>
        <Link to="/pages/trade/trade-spot" search={{ symbol: instrument.symbol }} data-side="sell">
          {t`Sell`}
        </Link>
      </div>
    </>
  )
}
