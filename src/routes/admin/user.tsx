import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { UserDetailPage } from '@/features/admin/UserDetailPage'
import { UserPositions } from '@/features/contract/console/UserPositions'

const search = v.object({ id: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(64)), ''), '') })

function Page() {
  const { id } = Route.useSearch()
  return <UserDetailPage key={id} userId={id} positions={<UserPositions userId={id} />} />
}

export const Route = createFileRoute('/admin/user')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
