import { createFileRoute } from '@tanstack/react-router'
import { ServiceDeskPage } from '@/features/support/console/ServiceDeskPage'

export const Route = createFileRoute('/admin/service')({ component: ServiceDeskPage })
