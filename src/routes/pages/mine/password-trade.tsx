import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { PasswordTradePage } from '@/features/account/PasswordTradePage'
export const Route = createFileRoute('/pages/mine/password-trade')({
  beforeLoad: requireLogin,
  component: PasswordTradePage,
})
