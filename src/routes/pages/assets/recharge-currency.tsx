import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { RechargeCurrencyPage } from '@/features/assets/RechargeCurrencyPage'
export const Route = createFileRoute('/pages/assets/recharge-currency')({
  beforeLoad: requireLogin,
  component: RechargeCurrencyPage,
})
