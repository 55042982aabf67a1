import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { TradeSpotPage } from '@/features/spot/TradeSpotPage'
import { symbolParam } from '../../-search'

const search = v.object({
  symbol: symbolParam('BTCUSDT'),
})

function Page() {
  const { symbol } = Route.useSearch()
  return <TradeSpotPage key={symbol} symbol={symbol} />
}

// Public: visitors see the book; placing an order sends them to login.
export const Route = createFileRoute('/pages/trade/trade-spot')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
