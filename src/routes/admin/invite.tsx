import { createFileRoute } from '@tanstack/react-router'
import { InviteAdminPage } from '@/features/invite/admin/InviteAdminPage'

export const Route = createFileRoute('/admin/invite')({
  component: InviteAdminPage,
})
