import { createFileRoute } from '@tanstack/react-router'
import { ChainsPage } from '@/features/assets/console/ChainsPage'

export const Route = createFileRoute('/admin/chains')({
  component: ChainsPage,
})
