import { createFileRoute } from '@tanstack/react-router'
import { AdvancedVerifyPage } from '@/features/account/AdvancedVerifyPage'
import { requireLogin } from '@/features/account/guard'
export const Route = createFileRoute('/pages/mine/advanced-verify')({
  beforeLoad: requireLogin,
  component: AdvancedVerifyPage,
})
