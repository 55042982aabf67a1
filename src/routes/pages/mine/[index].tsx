import { createFileRoute } from '@tanstack/react-router'
import { MinePage } from '@/features/settings/MinePage'

export const Route = createFileRoute('/pages/mine/index')({ component: MinePage })
