import { createFileRoute } from '@tanstack/react-router'
import { EtfsAdminPage } from '@/features/etf/console/EtfsAdminPage'

export const Route = createFileRoute('/admin/etfs')({
  component: EtfsAdminPage,
})
