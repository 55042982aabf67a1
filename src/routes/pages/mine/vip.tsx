import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { VipPage } from '@/features/invite/VipPage'

export const Route = createFileRoute('/pages/mine/vip')({
  beforeLoad: requireLogin,
  component: VipPage,
})
