import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { EtfOrderPage } from '@/features/etf/EtfOrderPage'

const search = v.object({
  product: v.optional(v.fallback(v.pipe(v.string(), v.regex(/^[A-Z][A-Z0-9]{2,11}$/)), 'BTC3L'), 'BTC3L'),
})

function Page() {
  const { product } = Route.useSearch()
  return <EtfOrderPage key={product} code={product} />
}

// Public: visitors see the product; subscribing needs a login.
export const Route = createFileRoute('/pages/etfs/order')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
