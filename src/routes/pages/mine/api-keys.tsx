import { createFileRoute } from '@tanstack/react-router'
import { ApiKeysPage } from '@/features/account/ApiKeysPage'
import { requireLogin } from '@/features/account/guard'
export const Route = createFileRoute('/pages/mine/api-keys')({
  beforeLoad: requireLogin,
  component: ApiKeysPage,
})
