import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireLogin } from '@/features/account/guard'
import { WithdrawPage } from '@/features/assets/WithdrawPage'

const search = v.object({
  coin: v.optional(v.fallback(v.pipe(v.string(), v.regex(/^[A-Z0-9]{2,10}$/)), 'USDT'), 'USDT'),
})

function Page() {
  const { coin } = Route.useSearch()
  return <WithdrawPage key={coin} coin={coin} />
}

export const Route = createFileRoute('/pages/assets/withdraw')({
  validateSearch: (raw) => v.parse(search, raw),
  beforeLoad: requireLogin,
  component: Page,
})
