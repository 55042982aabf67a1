import { createFileRoute } from '@tanstack/react-router'
import { TransactionPage } from '@/features/c2c/TransactionPage'

// Public (docs/spec.md section 2): visitors browse ads; taking one asks them to log in.
export const Route = createFileRoute('/pages/transaction/index')({
  component: TransactionPage,
})
