import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireLogin } from '@/features/account/guard'
import { OrderPage } from '@/features/c2c/OrderPage'
import { rowIdParam } from '../../-search'

const search = v.object({
  id: rowIdParam,
})

function Page() {
  const { id } = Route.useSearch()
  return <OrderPage key={id} id={id} />
}

export const Route = createFileRoute('/pages/transaction/order')({
  validateSearch: (raw) => v.parse(search, raw),
  beforeLoad: requireLogin,
  component: Page,
})
