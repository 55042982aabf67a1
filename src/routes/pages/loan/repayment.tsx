import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireLogin } from '@/features/account/guard'
import { LoanRepaymentPage } from '@/features/loan/LoanRepaymentPage'
import { rowIdParam } from '../../-search'

const search = v.object({
  id: rowIdParam,
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
