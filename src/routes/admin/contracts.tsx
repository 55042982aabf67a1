import { createFileRoute } from '@tanstack/react-router'
import { ContractsPage } from '@/features/contract/console/ContractsPage'

export const Route = createFileRoute('/admin/contracts')({
  component: ContractsPage,
})
