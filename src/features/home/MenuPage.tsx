import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/ui/PageHeader'
import { ShortcutGrid } from './shortcuts'

/** pages/common/menu: every feature that is available today. */
export function MenuPage() {
  const { t } = useLingui()
  return (
    <>
      <PageHeader title={t`All features`} backLabel={t`Back`} />
      <ShortcutGrid
        label={t`All features`}
        items={[
          { id: 'markets', path: '/pages/market/market' },
          { id: 'favorites', path: '/pages/market/market', search: { tab: 'favorites' } },
          { id: 'chart', path: '/pages/market/quote', search: { symbol: 'BTCUSDT' } },
          { id: 'contract', path: '/pages/trade/trade-leverage', search: { symbol: 'BTCUSDT_PERP' } },
          { id: 'option', path: '/pages/trade/trade-option', search: { symbol: 'BTCUSDT' } },
          { id: 'etf', path: '/pages/etfs/index' },
          { id: 'staking', path: '/pages/financial/index' },
          { id: 'launchpad', path: '/pages/buycoin/index' },
          { id: 'service', path: '/pages/service/home' },
          { id: 'loan', path: '/pages/loan/index' },
          { id: 'c2c', path: '/pages/transaction/index' },
          { id: 'settings', path: '/pages/mine/index' },
          { id: 'language', path: '/pages/mine/language-set' },
        ]}
      />
    </>
  )
}
