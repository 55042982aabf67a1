import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/pages/trade/index')({
  beforeLoad: () => {
    throw redirect({ to: '/pages/trade/trade-spot', search: { symbol: 'BTCUSDT' }, replace: true })
  },
})
