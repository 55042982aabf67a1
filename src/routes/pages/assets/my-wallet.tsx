import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '@/features/account/guard'
import { MyWalletPage } from '@/features/assets/AddressBookPages'
export const Route = createFileRoute('/pages/assets/my-wallet')({
  beforeLoad: requireLogin,
  component: MyWalletPage,
})
