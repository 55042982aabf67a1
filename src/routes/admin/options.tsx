import { createFileRoute } from '@tanstack/react-router'
import { OptionsPage } from '@/features/option/console/OptionsPage'

export const Route = createFileRoute('/admin/options')({
  component: OptionsPage,
})
