import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { TradeOptionPage } from '@/features/option/TradeOptionPage'
import { symbolParam } from '../../-search'

const BTC = 'BTCUSDT'
const search = v.object({
  symbol: symbolParam(BTC, 'USDT'),
})

function Page() {
  const { symbol } = Route.useSearch()
  return <TradeOptionPage key={symbol} symbol={symbol} />
}

// Public: visitors see the rounds and the index; buying sends them to login.
export const Route = createFileRoute('/pages/trade/trade-option')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
