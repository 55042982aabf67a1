import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { QuotePage } from '@/features/market/QuotePage'
import { symbolParam } from '../../-search'

const search = v.object({
  symbol: symbolParam('BTCUSDT'),
})

function Page() {
  const { symbol } = Route.useSearch()
  return <QuotePage key={symbol} symbol={symbol} />
}

export const Route = createFileRoute('/pages/market/quote')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
