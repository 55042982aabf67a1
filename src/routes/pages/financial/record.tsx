import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireLogin } from '@/features/account/guard'
import { StakingRecordPage } from '@/features/earn/StakingRecordPage'

const search = v.object({
  status: v.fallback(v.optional(v.picklist(['earning', 'completed', 'redeemed'])), undefined),
})

function Page() {
  const { status } = Route.useSearch()
  return <StakingRecordPage key={status ?? 'all'} status={status} />
}

// The user's staking orders.
export const Route = createFileRoute('/pages/financial/record')({
  validateSearch: (raw) => v.parse(search, raw),
  beforeLoad: requireLogin,
  component: Page,
})
