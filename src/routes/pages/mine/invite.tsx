import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { InvitePage } from '@/features/invite/InvitePage'

export const Route = createFileRoute('/pages/mine/invite')({
  beforeLoad: requireLogin,
  component: InvitePage,
})
