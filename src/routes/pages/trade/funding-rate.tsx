import { SYMBOL_RE } from '@common/market/schema'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { FundingHistoryPage } from '@/features/contract/FundingHistoryPage'

const PERP = 'BTCUSDT_PERP'
const search = v.object({
  symbol: v.optional(v.fallback(v.pipe(v.string(), v.regex(SYMBOL_RE), v.endsWith('_PERP')), PERP), PERP),
})

function Page() {
  const { symbol } = Route.useSearch()
  return <FundingHistoryPage symbol={symbol} />
}

// Public: the funding-rate history of each perpetual.
export const Route = createFileRoute('/pages/trade/funding-rate')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
