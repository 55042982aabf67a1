import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { ArticleDetailPage } from '@/features/content/ArticleDetailPage'

const search = v.object({ id: v.optional(v.fallback(v.pipe(v.string(), v.regex(/^\d{1,18}$/)), ''), '') })

function Page() {
  const { id } = Route.useSearch()
  return <ArticleDetailPage id={id} />
}

export const Route = createFileRoute('/pages/article/detail')({
  validateSearch: (raw) => v.parse(search, { id: raw.id === undefined ? undefined : String(raw.id) }),
  component: Page,
})
