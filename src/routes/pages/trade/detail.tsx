import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { DetailPage } from '@/features/market/DetailPage'
import { symbolParam } from '../../-search'

const search = v.object({
  symbol: symbolParam('BTCUSDT'),
})

function Page() {
  const { symbol } = Route.useSearch()
  return <DetailPage symbol={symbol} />
}

export const Route = createFileRoute('/pages/trade/detail')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
