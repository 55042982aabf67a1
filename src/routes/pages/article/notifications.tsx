import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { NotificationsPage } from '@/features/content/NotificationsPage'

export const Route = createFileRoute('/pages/article/notifications')({
  beforeLoad: requireLogin,
  component: NotificationsPage,
})
