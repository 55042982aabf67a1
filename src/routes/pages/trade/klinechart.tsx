import { PERIODS } from '@common/market/periods'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { KlineFullPage } from '@/features/market/KlineFullPage'
import { symbolParam } from '../../-search'

const search = v.object({
  symbol: symbolParam('BTCUSDT'),
  period: v.optional(v.fallback(v.picklist(['line', ...PERIODS]), '15m'), '15m'),
})

function Page() {
  const { symbol, period } = Route.useSearch()
  return <KlineFullPage key={symbol} symbol={symbol} period={period} />
}

export const Route = createFileRoute('/pages/trade/klinechart')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
