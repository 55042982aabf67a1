import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { AssetsPage } from '@/features/assets/AssetsPage'
export const Route = createFileRoute('/pages/assets/index')({
  beforeLoad: requireLogin,
  component: AssetsPage,
})
