import { createFileRoute } from '@tanstack/react-router'
import { AccountSetPage } from '@/features/account/AccountSetPage'
import { requireLogin } from '@/features/account/guard'
export const Route = createFileRoute('/pages/mine/account-set')({
  beforeLoad: requireLogin,
  component: AccountSetPage,
})
