import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireLogin } from '@/features/account/guard'
import { PublishPage } from '@/features/c2c/PublishPage'

const search = v.object({
  id: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.regex(/^[1-9]\d{0,17}$/))),
    undefined,
  ),
})

function Page() {
  const { id } = Route.useSearch()
  return <PublishPage key={id ?? 'new'} id={id} />
}

export const Route = createFileRoute('/pages/transaction/publish')({
  validateSearch: (raw) => v.parse(search, raw),
  beforeLoad: requireLogin,
  component: Page,
})
