import { createFileRoute } from '@tanstack/react-router'
import { MarketsPage } from '@/features/market/console/MarketsPage'

export const Route = createFileRoute('/admin/markets')({
  component: MarketsPage,
})
