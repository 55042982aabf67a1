import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { AssetsIcon } from '@/features/assets/AssetsIcon'
import { TradeIcon } from '@/features/spot/TradeIcon'
import { ChartIcon, HomeIcon, UserIcon } from '@/ui/Icons'
import { TabBar, type TabItem } from '@/ui/TabBar'

/** Tabs appear here as their areas ship; only working screens are linked. */
/** `always`: also on a page that is not a tab (the not-found page, so the user is never stranded). */
export function AppTabBar({ always = false }: { always?: boolean }) {
  const { t } = useLingui()
  const path = useRouterState({ select: (s) => s.location.pathname })
  const items: TabItem[] = [
    { to: '/', label: t`Home`, icon: <HomeIcon />, match: ['/pages/home/index'] },
    { to: '/pages/market/market', label: t`Markets`, icon: <ChartIcon />, match: [] },
    {
      to: '/pages/trade/trade-spot',
      label: t`Trade`,
      icon: <TradeIcon />,
      match: ['/pages/trade/trade-leverage'],
    },
    { to: '/pages/assets/index', label: t`Assets`, icon: <AssetsIcon />, match: [] },
    { to: '/pages/mine/index', label: t`Mine`, icon: <UserIcon />, match: [] },
  ]
  const onTab = items.some((i) => i.to === path || i.match.includes(path))
  if (!onTab && !always) return null
  return <TabBar items={items} path={path} label={t`Main navigation`} />
}

export const TAB_PATHS = [
  '/',
  '/pages/home/index',
  '/pages/market/market',
  '/pages/trade/trade-spot',
  '/pages/trade/trade-leverage',
  '/pages/assets/index',
  '/pages/mine/index',
]
