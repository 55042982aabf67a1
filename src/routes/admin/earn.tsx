import { createFileRoute } from '@tanstack/react-router'
import { EarnConsolePage } from '@/features/earn/console/EarnConsolePage'

export const Route = createFileRoute('/admin/earn')({
  component: EarnConsolePage,
})
