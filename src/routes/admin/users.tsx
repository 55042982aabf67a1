import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { UsersPage } from '@/features/admin/UsersPage'
import { pageParam } from '../-search'

const search = v.object({
  q: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(100)), ''), ''),
  status: v.optional(v.fallback(v.picklist(['', 'active', 'frozen']), ''), ''),
  page: pageParam,
})

function Page() {
  const { q, status, page } = Route.useSearch()
  return <UsersPage q={q} status={status} page={page} />
}

export const Route = createFileRoute('/admin/users')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
