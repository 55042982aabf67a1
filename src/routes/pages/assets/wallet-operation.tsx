import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireLogin } from '@/features/account/guard'
import { WalletOperationPage } from '@/features/assets/AddressBookPages'

const text = (re: RegExp) => v.fallback(v.optional(v.pipe(v.string(), v.regex(re))), undefined)
const search = v.object({
  id: text(/^[A-Za-z0-9-]{1,64}$/),
  coin: text(/^[A-Z0-9]{2,10}$/),
  chain: text(/^[A-Z0-9]{2,12}$/),
})

function Page() {
  const { id, coin, chain } = Route.useSearch()
  return <WalletOperationPage key={id ?? 'new'} id={id} coin={coin} chain={chain} />
}

export const Route = createFileRoute('/pages/assets/wallet-operation')({
  validateSearch: (raw) => v.parse(search, raw),
  beforeLoad: requireLogin,
  component: Page,
})
