import { createFileRoute } from '@tanstack/react-router'
import { LoanRulePage } from '@/features/loan/LoanRulePage'

export const Route = createFileRoute('/pages/loan/rule')({
  component: LoanRulePage,
})
