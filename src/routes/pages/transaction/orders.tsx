import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { OrdersPage } from '@/features/c2c/OrdersPage'

export const Route = createFileRoute('/pages/transaction/orders')({
  beforeLoad: requireLogin,
  component: OrdersPage,
})
