import { createFileRoute } from '@tanstack/react-router'
import { RiskFundPage } from '@/features/contract/RiskFundPage'

// Public: the insurance fund's balance and its history.
export const Route = createFileRoute('/pages/trade/risk-fund')({
  component: RiskFundPage,
})
