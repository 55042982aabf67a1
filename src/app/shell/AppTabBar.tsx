import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { AssetsIcon } from '@/features/assets/AssetsIcon'
import { TradeIcon } from '@/features/spot/TradeIcon'
import { ChartIcon, HomeIcon, UserIcon } from '@/ui/Icons'
import { TabBar, type TabItem } from '@/ui/TabBar'

/**
 * The main navigation. Phones: a bottom bar on the five tab pages only. Wide screens: a column at
 * the left of every page of the app (not the operator console, which has its own).
 * `always`: a page that is no tab but must offer the bar on phones too (the not-found page, so the
 * user is never stranded); the layout's column already serves wide screens there.
 */
export function AppTabBar({ always = false }: { always?: boolean }) {
  const { t } = useLingui()
  const path = useRouterState({ select: (s) => s.location.pathname })
  if (path === '/admin' || path.startsWith('/admin/')) return null
  const items: TabItem[] = [
    { to: '/', label: t`Home`, icon: <HomeIcon />, match: ['/pages/home/index'] },
    { to: '/pages/market/market', label: t`Markets`, icon: <ChartIcon />, match: [] },
    {
      to: '/pages/trade/trade-spot',
      label: t`Trade`,
      icon: <TradeIcon />,
      // Spot, perpetuals and options are the Trade tab's three screens (its mode switch).
      match: ['/pages/trade/trade-leverage', '/pages/trade/trade-option'],
    },
    { to: '/pages/assets/index', label: t`Assets`, icon: <AssetsIcon />, match: [] },
    { to: '/pages/mine/index', label: t`Mine`, icon: <UserIcon />, match: [] },
  ]
  const onTab = items.some((i) => i.to === path || i.match.includes(path))
  return (
    <TabBar
      items={items}
      path={path}
      label={t`Main navigation`}
      phoneHidden={!onTab && !always}
      wideHidden={always}
    />
  )
}
