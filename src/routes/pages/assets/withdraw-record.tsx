import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { WithdrawRecordPage } from '@/features/assets/RecordsPages'
export const Route = createFileRoute('/pages/assets/withdraw-record')({
  beforeLoad: requireLogin,
  component: WithdrawRecordPage,
})
