import { createFileRoute } from '@tanstack/react-router'
import { BindContactPage } from '@/features/account/BindContactPage'
import { requireLogin } from '@/features/account/guard'

export const Route = createFileRoute('/pages/mine/bind-contact')({
  validateSearch: (s): { kind: 'phone' | 'email' } => ({ kind: s.kind === 'phone' ? 'phone' : 'email' }),
  beforeLoad: requireLogin,
  component: BindContact,
})

function BindContact() {
  const { kind } = Route.useSearch()
  return <BindContactPage kind={kind} />
}
