import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { PasswordManagePage } from '@/features/account/PasswordManagePage'
export const Route = createFileRoute('/pages/mine/password-manage')({
  beforeLoad: requireLogin,
  component: PasswordManagePage,
})
