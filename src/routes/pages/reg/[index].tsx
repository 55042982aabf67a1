import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { addAccountSearch, guestOnly } from '@/features/account/guard'
import { RegisterPage } from '@/features/account/RegisterPage'

// Invitation links carry the referral code as ?code= or ?inviteCode=.
const search = v.object({
  code: v.optional(v.pipe(v.string(), v.maxLength(12)), undefined),
  inviteCode: v.optional(v.pipe(v.string(), v.maxLength(12)), undefined),
})

export const Route = createFileRoute('/pages/reg/index')({
  validateSearch: (s) => ({
    ...v.parse(search, {
      code: typeof s.code === 'string' ? s.code : undefined,
      inviteCode: typeof s.inviteCode === 'string' ? s.inviteCode : undefined,
    }),
    ...addAccountSearch(s),
  }),
  beforeLoad: guestOnly,
  component: RegPage,
})

function RegPage() {
  const { code, inviteCode } = Route.useSearch()
  return <RegisterPage inviteCode={inviteCode ?? code ?? ''} />
}
