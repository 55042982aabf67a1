import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireLogin } from '@/features/account/guard'
import { WorkDetailPage } from '@/features/support/WorkDetailPage'

const search = v.object({ id: v.fallback(v.pipe(v.string(), v.regex(/^[1-9]\d{0,17}$/)), '') })

function Page() {
  const { id } = Route.useSearch()
  return id ? <WorkDetailPage id={id} /> : null
}

export const Route = createFileRoute('/pages/work/detail')({
  validateSearch: (raw) => v.parse(search, { id: raw.id === undefined ? '' : String(raw.id) }),
  beforeLoad: requireLogin,
  component: Page,
})
