import { SYMBOL_RE } from '@common/market/schema'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { TradeOptionPage } from '@/features/option/TradeOptionPage'

const BTC = 'BTCUSDT'
const search = v.object({
  symbol: v.optional(v.fallback(v.pipe(v.string(), v.regex(SYMBOL_RE), v.endsWith('USDT')), BTC), BTC),
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
