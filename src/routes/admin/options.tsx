import { createFileRoute } from '@tanstack/react-router'
import { OptionsPage } from '@/features/admin/OptionsPage'

export const Route = createFileRoute('/admin/options')({
  component: OptionsPage,
})
