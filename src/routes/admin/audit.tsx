import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { AuditPage } from '@/features/admin/AuditPage'
import { pageParam } from '../-search'

const text = v.optional(v.fallback(v.pipe(v.string(), v.maxLength(64)), ''), '')
const search = v.object({
  actor: text,
  action: text,
  targetId: text,
  page: pageParam,
})

function Page() {
  const filter = Route.useSearch()
  return <AuditPage filter={filter} />
}

export const Route = createFileRoute('/admin/audit')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
