import { createFileRoute } from '@tanstack/react-router'
import { ForgetPasswordPage } from '@/features/account/ForgetPasswordPage'

export const Route = createFileRoute('/pages/mine/forget-password')({ component: ForgetPasswordPage })
