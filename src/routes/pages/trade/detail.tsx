import { SYMBOL_RE } from '@common/market/schema'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { DetailPage } from '@/features/market/DetailPage'

const search = v.object({
  symbol: v.optional(v.fallback(v.pipe(v.string(), v.regex(SYMBOL_RE)), 'BTCUSDT'), 'BTCUSDT'),
})

function Page() {
  const { symbol } = Route.useSearch()
  return <DetailPage symbol={symbol} />
}

export const Route = createFileRoute('/pages/trade/detail')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
