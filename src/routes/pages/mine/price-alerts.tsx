import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireLogin } from '@/features/account/guard'
import { PriceAlertsPage } from '@/features/push/PriceAlertsPage'
import { symbolParam } from '../../-search'

const search = v.object({
  symbol: symbolParam('BTCUSDT'),
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
