import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { FundingHistoryPage } from '@/features/contract/FundingHistoryPage'
import { symbolParam } from '../../-search'

const PERP = 'BTCUSDT_PERP'
const search = v.object({
  symbol: symbolParam(PERP, '_PERP'),
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
