import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { AuditPage } from '@/features/admin/AuditPage'

const text = v.optional(v.fallback(v.pipe(v.string(), v.maxLength(64)), ''), '')
const search = v.object({
  actor: text,
  action: text,
  targetId: text,
  page: v.optional(
    v.fallback(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(1)), 1),
    1,
  ),
})

function Page() {
  const filter = Route.useSearch()
  return <AuditPage filter={filter} />
}

export const Route = createFileRoute('/admin/audit')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
