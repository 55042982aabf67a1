import { createFileRoute } from '@tanstack/react-router'
import { HelpPage } from '@/features/content/HelpPage'

export const Route = createFileRoute('/pages/article/help')({
  component: HelpPage,
})
