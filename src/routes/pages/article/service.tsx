import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { ServicePage } from '@/features/content/ServicePage'

const search = v.object({ id: v.optional(v.fallback(v.pipe(v.string(), v.regex(/^\d{0,18}$/)), ''), '') })

function Page() {
  const { id } = Route.useSearch()
  return <ServicePage id={id || undefined} />
}

export const Route = createFileRoute('/pages/article/service')({
  validateSearch: (raw) => v.parse(search, { id: raw.id === undefined ? undefined : String(raw.id) }),
  component: Page,
})
