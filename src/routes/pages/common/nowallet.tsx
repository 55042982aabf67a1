import { createFileRoute } from '@tanstack/react-router'
import { NoWalletPage } from '@/features/account/wallet/NoWalletPage'

export const Route = createFileRoute('/pages/common/nowallet')({ component: NoWalletPage })
