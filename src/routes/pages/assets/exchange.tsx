import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { ExchangePage } from '@/features/assets/ExchangePage'
export const Route = createFileRoute('/pages/assets/exchange')({
  beforeLoad: requireLogin,
  component: ExchangePage,
})
