import { createFileRoute } from '@tanstack/react-router'
import { AntiPhishingPage } from '@/features/account/AntiPhishingPage'
import { requireLogin } from '@/features/account/guard'
export const Route = createFileRoute('/pages/mine/anti-phishing')({
  beforeLoad: requireLogin,
  component: AntiPhishingPage,
})
