import { SYMBOL_RE } from '@common/market/schema'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireLogin } from '@/features/account/guard'
import { PriceAlertsPage } from '@/features/push/PriceAlertsPage'

const search = v.object({
  symbol: v.optional(v.fallback(v.pipe(v.string(), v.regex(SYMBOL_RE)), 'BTCUSDT'), 'BTCUSDT'),
})

function Page() {
  const { symbol } = Route.useSearch()
  return <PriceAlertsPage key={symbol} symbol={symbol} />
}

export const Route = createFileRoute('/pages/mine/price-alerts')({
  validateSearch: (raw) => v.parse(search, raw),
  beforeLoad: requireLogin,
  component: Page,
})
