import { SYMBOL_RE } from '@common/market/schema'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { TradeSpotPage } from '@/features/spot/TradeSpotPage'

const search = v.object({
  symbol: v.optional(v.fallback(v.pipe(v.string(), v.regex(SYMBOL_RE)), 'BTCUSDT'), 'BTCUSDT'),
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
