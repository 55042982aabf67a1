import { WALLET_ACCOUNTS } from '@common/ledger/accounts'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireLogin } from '@/features/account/guard'
import { MyAssetsPage } from '@/features/assets/MyAssetsPage'

const search = v.object({
  account: v.optional(v.fallback(v.picklist(WALLET_ACCOUNTS), 'funding'), 'funding'),
})

function Page() {
  const { account } = Route.useSearch()
  return <MyAssetsPage account={account} />
}

export const Route = createFileRoute('/pages/assets/my-assets')({
  validateSearch: (raw) => v.parse(search, raw),
  beforeLoad: requireLogin,
  component: Page,
})
