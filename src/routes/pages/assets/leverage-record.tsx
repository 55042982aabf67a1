import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireLogin } from '@/features/account/guard'
import { LeverageRecordPage } from '@/features/contract/LeverageRecordPage'

const TABS = ['orders', 'fills', 'positions', 'funding', 'liquidations'] as const
const search = v.object({
  tab: v.optional(v.fallback(v.picklist(TABS), 'orders'), 'orders'),
})

function Page() {
  const { tab } = Route.useSearch()
  return <LeverageRecordPage tab={tab} />
}

// The user's contract records: orders, fills, position history, funding payments, liquidations.
export const Route = createFileRoute('/pages/assets/leverage-record')({
  validateSearch: (raw) => v.parse(search, raw),
  beforeLoad: requireLogin,
  component: Page,
})
