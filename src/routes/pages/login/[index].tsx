import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '@/features/account/LoginPage'

export const Route = createFileRoute('/pages/login/index')({ component: LoginPage })
