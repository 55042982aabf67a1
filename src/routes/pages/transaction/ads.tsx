import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { MyAdsPage } from '@/features/c2c/MyAdsPage'

export const Route = createFileRoute('/pages/transaction/ads')({
  beforeLoad: requireLogin,
  component: MyAdsPage,
})
