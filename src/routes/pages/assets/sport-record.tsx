import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { TradeRecordPage } from '@/features/spot/TradeRecordPage'

// docs/spec.md's name for the spot record: the user's spot orders and fills.
export const Route = createFileRoute('/pages/assets/sport-record')({
  beforeLoad: requireLogin,
  component: TradeRecordPage,
})
