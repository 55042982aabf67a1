import { SYMBOL_RE } from '@common/market/schema'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireLogin } from '@/features/account/guard'
import { HistoryPage } from '@/features/spot/HistoryPage'

const search = v.object({
  symbol: v.optional(v.fallback(v.optional(v.pipe(v.string(), v.regex(SYMBOL_RE))), undefined)),
})

function Page() {
  const { symbol } = Route.useSearch()
  return <HistoryPage symbol={symbol} />
}

export const Route = createFileRoute('/pages/history/index')({
  validateSearch: (raw) => v.parse(search, raw),
  beforeLoad: requireLogin,
  component: Page,
})
