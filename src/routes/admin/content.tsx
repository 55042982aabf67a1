import { createFileRoute } from '@tanstack/react-router'
import { ContentAdminPage } from '@/features/content/console/ContentAdminPage'

export const Route = createFileRoute('/admin/content')({
  component: ContentAdminPage,
})
