import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { OptionRecordPage } from '@/features/option/OptionRecordPage'

// The user's options: order number, prices, times, amount, type, status, settlement, return rate.
export const Route = createFileRoute('/pages/assets/option-record')({
  beforeLoad: requireLogin,
  component: OptionRecordPage,
})
