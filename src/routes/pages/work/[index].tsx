import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { WorkListPage } from '@/features/support/WorkListPage'

export const Route = createFileRoute('/pages/work/index')({
  beforeLoad: requireLogin,
  component: WorkListPage,
})
