import { createFileRoute } from '@tanstack/react-router'
import { LoansAdminPage } from '@/features/loan/console/LoansAdminPage'

export const Route = createFileRoute('/admin/loans')({
  component: LoansAdminPage,
})
