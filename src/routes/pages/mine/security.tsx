import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { SecurityPage } from '@/features/account/SecurityPage'
export const Route = createFileRoute('/pages/mine/security')({
  beforeLoad: requireLogin,
  component: SecurityPage,
})
