import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { LegalLogPage } from '@/features/assets/RecordsPages'
export const Route = createFileRoute('/pages/assets/legal-log')({
  beforeLoad: requireLogin,
  component: LegalLogPage,
})
