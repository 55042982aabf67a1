import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { AdminLayout } from '@/features/admin/AdminLayout'

export const Route = createFileRoute('/admin')({
  beforeLoad: requireLogin,
  component: AdminLayout,
})
