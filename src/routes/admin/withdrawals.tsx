import { WITHDRAWAL_FILTERS } from '@common/admin/filters'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { WithdrawalsPage } from '@/features/assets/console/ReviewQueues'
import { queueSearch } from '../-search'

const search = queueSearch(WITHDRAWAL_FILTERS, 'pending')

function Page() {
  const { status, page } = Route.useSearch()
  return <WithdrawalsPage status={status} page={page} />
}

export const Route = createFileRoute('/admin/withdrawals')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
