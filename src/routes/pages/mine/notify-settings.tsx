import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { NotifySettingsPage } from '@/features/push/NotifySettingsPage'

export const Route = createFileRoute('/pages/mine/notify-settings')({
  beforeLoad: requireLogin,
  component: NotifySettingsPage,
})
