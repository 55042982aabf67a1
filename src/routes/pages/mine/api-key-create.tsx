import { createFileRoute } from '@tanstack/react-router'
import { ApiKeyCreatePage } from '@/features/account/ApiKeyCreatePage'
import { requireLogin } from '@/features/account/guard'
export const Route = createFileRoute('/pages/mine/api-key-create')({
  beforeLoad: requireLogin,
  component: ApiKeyCreatePage,
})
