import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { TradeLeveragePage } from '@/features/contract/TradeLeveragePage'
import { symbolParam } from '../../-search'

const PERP = 'BTCUSDT_PERP'
const search = v.object({
  symbol: symbolParam(PERP, '_PERP'),
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
