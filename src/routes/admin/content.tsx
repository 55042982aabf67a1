import { createFileRoute } from '@tanstack/react-router'
import { ContentAdminPage } from '@/features/admin/content/ContentAdminPage'

export const Route = createFileRoute('/admin/content')({
  component: ContentAdminPage,
})
