import { createFileRoute } from '@tanstack/react-router'
import { addAccountSearch, guestOnly } from '@/features/account/guard'
import { LoginPage } from '@/features/account/LoginPage'

export const Route = createFileRoute('/pages/login/login')({
  validateSearch: addAccountSearch,
  beforeLoad: guestOnly,
  component: LoginPage,
})
