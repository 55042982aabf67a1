import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { TradeRecordPage } from '@/features/spot/TradeRecordPage'

export const Route = createFileRoute('/pages/assets/trade-record')({
  beforeLoad: requireLogin,
  component: TradeRecordPage,
})
