import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { WorkAddPage } from '@/features/support/WorkAddPage'

export const Route = createFileRoute('/pages/work/add')({
  beforeLoad: requireLogin,
  component: WorkAddPage,
})
