import { createFileRoute } from '@tanstack/react-router'
import { MarketsPage } from '@/features/admin/MarketsPage'

export const Route = createFileRoute('/admin/markets')({
  component: MarketsPage,
})
