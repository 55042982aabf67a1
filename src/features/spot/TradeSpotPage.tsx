import { symbolLabel } from '@common/market/symbol'
import type { Instrument } from '@common/market/types'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { memo, useCallback, useRef } from 'react'
import { instrumentsQueryOptions } from '@/lib/market/api'
import { useSpotDepth } from '@/lib/market/spot-book'
import { useLiveTickers, useTicker } from '@/lib/market/use-live-tickers'
import { OrderBook } from '@/ui/trade/OrderBook'
import { ChartLink, TradeLayout } from '@/ui/trade/TradeLayout'
import { DayStats } from './DayStats'
import { useOrderUpdates } from './live'
import { OpenOrders } from './OpenOrders'
import { OrderForm } from './OrderForm'
import styles from './Spot.module.css'

/** The pair's book, live: its depth updates and ticks render the book alone, not the form. */
const LiveBook = memo(function LiveBook({
  symbol,
  inst,
  onPick,
}: {
  symbol: string
  inst: Instrument | undefined
  onPick: (price: string) => void
}) {
  const depth = useSpotDepth(symbol)
  const ticker = useTicker(symbol)
  return (
    <OrderBook
      bids={depth?.bids ?? []}
      asks={depth?.asks ?? []}
      last={ticker?.last ?? undefined}
      pricePrecision={inst?.pricePrecision}
      amountPrecision={inst?.amountPrecision}
      onPick={onPick}
    />
  )
})

/** pages/trade/trade-spot: the pair's statistics, the order form beside the book, open orders. */
export function TradeSpotPage({ symbol }: { symbol: string }) {
  const navigate = useNavigate()
  const instruments = useQuery(instrumentsQueryOptions())
  // The page follows its own pair's ticker only (useTicker), not every market's.
  useLiveTickers({ watch: false })
  useOrderUpdates()
  const spotList = (instruments.data ?? []).filter((i) => i.category === 'spot')
  const inst = spotList.find((i) => i.symbol === symbol)
  const perp = (instruments.data ?? []).find((i) => i.symbol === `${symbol}_PERP`)?.symbol ?? 'BTCUSDT_PERP'
  // A price picked in the book goes to the form (OrderForm sets the handler): the callback stays
  // the same function, so a render of the form does not render the book again.
  const bookPrice = useRef((_p: string) => {})
  const pickBookPrice = useCallback((p: string) => bookPrice.current(p), [])

  return (
    <div className={styles.page}>
      <TradeLayout
        mode="spot"
        symbol={symbol}
        symbols={{ spot: symbol, perp, option: symbol }}
        pair={inst ? `${inst.base}/${inst.quote}` : symbolLabel(symbol)}
        markets={spotList}
        onPick={(s) =>
          void navigate({ to: '/pages/trade/trade-spot', search: { symbol: s.symbol }, replace: true })
        }
        actions={<ChartLink symbol={symbol} />}
        bodyClassName={styles.layout}
        mainClassName={styles.main}
        above={<DayStats symbol={symbol} inst={inst} />}
        ticket={<OrderForm symbol={symbol} inst={inst} bookPrice={bookPrice} />}
        book={<LiveBook symbol={symbol} inst={inst} onPick={pickBookPrice} />}
      >
        <OpenOrders symbol={symbol} inst={inst} />
      </TradeLayout>
    </div>
  )
}
