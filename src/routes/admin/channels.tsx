import { createFileRoute } from '@tanstack/react-router'
import { ChannelsPage } from '@/features/assets/console/ChannelsPage'

export const Route = createFileRoute('/admin/channels')({
  component: ChannelsPage,
})
