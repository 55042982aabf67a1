import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireLogin } from '@/features/account/guard'
import { LoanRepaymentPage } from '@/features/loan/LoanRepaymentPage'

const search = v.object({
  id: v.fallback(v.pipe(v.unknown(), v.transform(String), v.regex(/^[1-9]\d{0,17}$/)), '0'),
})

function Page() {
  const { id } = Route.useSearch()
  return <LoanRepaymentPage key={id} id={id} />
}

export const Route = createFileRoute('/pages/loan/repayment')({
  validateSearch: (raw) => v.parse(search, raw),
  beforeLoad: requireLogin,
  component: Page,
})
