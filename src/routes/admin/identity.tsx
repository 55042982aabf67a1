import { IDENTITY_FILTERS } from '@common/admin/filters'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { IdentityPage } from '@/features/account/console/IdentityPage'

const search = v.object({
  status: v.optional(v.fallback(v.picklist(IDENTITY_FILTERS), 'pending'), 'pending'),
  page: v.optional(
    v.fallback(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(1)), 1),
    1,
  ),
})

function Page() {
  const { status, page } = Route.useSearch()
  return <IdentityPage status={status} page={page} />
}

export const Route = createFileRoute('/admin/identity')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
