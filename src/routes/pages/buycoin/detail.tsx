import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { BuyCoinDetailPage } from '@/features/earn/BuyCoinDetailPage'
import { positiveInt } from '../../-search'

// Links pass the id as a number (?id=12); older links may carry it as text.
const search = v.object({
  id: positiveInt(0),
})

function Page() {
  const { id } = Route.useSearch()
  return <BuyCoinDetailPage key={id} id={String(id)} />
}

// One subscription project (public; committing asks for a login).
export const Route = createFileRoute('/pages/buycoin/detail')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
