import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireLogin } from '@/features/account/guard'
import { StakingDetailPage } from '@/features/earn/StakingDetailPage'
import { positiveInt } from '../../-search'

// Links pass the id as a number (?id=12); older links may carry it as text.
const search = v.object({
  id: positiveInt(0),
})

function Page() {
  const { id } = Route.useSearch()
  return <StakingDetailPage key={id} id={String(id)} />
}

// One staking order with its daily rewards.
export const Route = createFileRoute('/pages/financial/detail')({
  validateSearch: (raw) => v.parse(search, raw),
  beforeLoad: requireLogin,
  component: Page,
})
