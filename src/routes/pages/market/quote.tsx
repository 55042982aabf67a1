import { SYMBOL_RE } from '@common/market/schema'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { QuotePage } from '@/features/market/QuotePage'

const search = v.object({
  symbol: v.optional(v.fallback(v.pipe(v.string(), v.regex(SYMBOL_RE)), 'BTCUSDT'), 'BTCUSDT'),
})

function Page() {
  const { symbol } = Route.useSearch()
  return <QuotePage key={symbol} symbol={symbol} />
}

export const Route = createFileRoute('/pages/market/quote')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
