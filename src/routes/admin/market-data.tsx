import { createFileRoute } from '@tanstack/react-router'
import { MarketDataPage } from '@/features/market/console/MarketDataPage'

export const Route = createFileRoute('/admin/market-data')({
  component: MarketDataPage,
})
