import { createFileRoute } from '@tanstack/react-router'
import { WorkQueuePage } from '@/features/support/console/WorkQueuePage'

export const Route = createFileRoute('/admin/work')({ component: WorkQueuePage })
