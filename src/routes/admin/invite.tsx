import { createFileRoute } from '@tanstack/react-router'
import { InviteAdminPage } from '@/features/invite/console/InviteAdminPage'

export const Route = createFileRoute('/admin/invite')({
  component: InviteAdminPage,
})
