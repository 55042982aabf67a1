import { IDENTITY_FILTERS } from '@common/admin/filters'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { IdentityPage } from '@/features/account/console/IdentityPage'
import { queueSearch } from '../-search'

const search = queueSearch(IDENTITY_FILTERS, 'pending')

function Page() {
  const { status, page } = Route.useSearch()
  return <IdentityPage status={status} page={page} />
}

export const Route = createFileRoute('/admin/identity')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
