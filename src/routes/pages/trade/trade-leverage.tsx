import { SYMBOL_RE } from '@common/market/schema'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { TradeLeveragePage } from '@/features/contract/TradeLeveragePage'

const PERP = 'BTCUSDT_PERP'
const search = v.object({
  symbol: v.optional(v.fallback(v.pipe(v.string(), v.regex(SYMBOL_RE), v.endsWith('_PERP')), PERP), PERP),
})

function Page() {
  const { symbol } = Route.useSearch()
  return <TradeLeveragePage key={symbol} symbol={symbol} />
}

// Public: visitors see the market; placing an order sends them to login.
export const Route = createFileRoute('/pages/trade/trade-leverage')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
