import { createFileRoute } from '@tanstack/react-router'
import { ChatPage } from '@/features/support/ChatPage'

// Public (docs/spec.md section 2): visitors chat too; their conversation joins the account after login.
export const Route = createFileRoute('/pages/service/home')({ component: ChatPage })
