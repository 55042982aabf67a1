import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { PaymentPage } from '@/features/c2c/PaymentPage'

export const Route = createFileRoute('/pages/transaction/payment')({
  beforeLoad: requireLogin,
  component: PaymentPage,
})
