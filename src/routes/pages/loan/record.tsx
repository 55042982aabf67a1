import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { LoanRecordPage } from '@/features/loan/LoanRecordPage'

export const Route = createFileRoute('/pages/loan/record')({
  beforeLoad: requireLogin,
  component: LoanRecordPage,
})
