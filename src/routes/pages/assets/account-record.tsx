import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireLogin } from '@/features/account/guard'
import { AccountRecordPage } from '@/features/assets/RecordsPages'

const search = v.object({
  coin: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{2,10}$/))), undefined),
})

function Page() {
  const { coin } = Route.useSearch()
  return <AccountRecordPage key={coin ?? ''} coin={coin} />
}

export const Route = createFileRoute('/pages/assets/account-record')({
  validateSearch: (raw) => v.parse(search, raw),
  beforeLoad: requireLogin,
  component: Page,
})
