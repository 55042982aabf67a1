import { createFileRoute } from '@tanstack/react-router'
import { LoanIndexPage } from '@/features/loan/LoanIndexPage'

// Public: products and the calculator; applying asks a visitor to log in.
export const Route = createFileRoute('/pages/loan/index')({
  component: LoanIndexPage,
})
