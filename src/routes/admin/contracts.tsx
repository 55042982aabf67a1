import { createFileRoute } from '@tanstack/react-router'
import { ContractsPage } from '@/features/admin/ContractsPage'

export const Route = createFileRoute('/admin/contracts')({
  component: ContractsPage,
})
