import { DEPOSIT_FILTERS } from '@common/admin/filters'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { DepositsPage } from '@/features/assets/console/ReviewQueues'
import { queueSearch } from '../-search'

const search = queueSearch(DEPOSIT_FILTERS, 'pending')

function Page() {
  const { status, page } = Route.useSearch()
  return <DepositsPage status={status} page={page} />
}

export const Route = createFileRoute('/admin/deposits')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
