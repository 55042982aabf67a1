import { createFileRoute } from '@tanstack/react-router'
import { FinancialPage } from '@/features/earn/FinancialPage'

// Public: the staking products (visitors browse; staking asks for a login).
export const Route = createFileRoute('/pages/financial/index')({
  component: FinancialPage,
})
