import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import * as v from 'valibot'
import { loadErrorsAfterPaint } from '@/app/i18n'
import { MarketListPage } from '@/features/market/MarketListPage'
import { TABS } from '@/features/market/market-list'

const search = v.object({ tab: v.optional(v.fallback(v.picklist(TABS), 'spot'), 'spot') })

function Page() {
  const { tab } = Route.useSearch()
  // Like home, the market list renders without the error messages and fetches them after painting.
  useEffect(loadErrorsAfterPaint, [])
  return <MarketListPage tab={tab} />
}

// Public page (docs/spec.md section 2): no login needed.
export const Route = createFileRoute('/pages/market/market')({
  validateSearch: (raw) => v.parse(search, raw),
  component: Page,
})
