import { createFileRoute } from '@tanstack/react-router'
import { BuyCoinPage } from '@/features/earn/BuyCoinPage'

// Coin subscription projects (public).
export const Route = createFileRoute('/pages/buycoin/index')({
  component: BuyCoinPage,
})
