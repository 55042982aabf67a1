import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { SessionsPage } from '@/features/account/SessionsPage'
export const Route = createFileRoute('/pages/mine/sessions')({
  beforeLoad: requireLogin,
  component: SessionsPage,
})
