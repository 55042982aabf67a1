import { createFileRoute } from '@tanstack/react-router'
import { GoogleAuthPage } from '@/features/account/GoogleAuthPage'
import { requireLogin } from '@/features/account/guard'
export const Route = createFileRoute('/pages/mine/google-auth')({
  beforeLoad: requireLogin,
  component: GoogleAuthPage,
})
