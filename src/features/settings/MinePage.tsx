import { APP_VERSION } from '@common/constants'
import { LANGUAGES } from '@common/i18n/languages'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useAtom, useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { langAtom, themeAtom } from '@/lib/store'
import { Cell, CellGroup, LinkCell } from '@/ui/CellList'
import { GlobeIcon, MoonIcon } from '@/ui/Icons'
import { BellIcon, InfoIcon, PulseIcon, UpdateIcon } from '@/ui/MenuIcons'
import { PageHeader } from '@/ui/PageHeader'
import { Switch } from '@/ui/Switch'
import { newestVersionQueryOptions } from './api'

/** The Mine page; `children` are the other products' sections (account, invite, content, service). */
export function MinePage({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  const lang = useAtomValue(langAtom)
  const [theme, setTheme] = useAtom(themeAtom)
  const newest = useQuery(newestVersionQueryOptions())
  const langName = LANGUAGES.find((l) => l.code === lang)?.native

  return (
    <>
      <PageHeader title={t`Mine`} />
      {children}
      <CellGroup label={t`Preferences`}>
        <LinkCell to="/pages/mine/language-set" icon={<GlobeIcon />} label={t`Language`} value={langName} />
        <LinkCell to="/pages/mine/notify-settings" icon={<BellIcon />} label={t`Notification settings`} />
        <LinkCell to="/pages/mine/price-alerts" icon={<PulseIcon />} label={t`Price alerts`} />
        <Cell icon={<MoonIcon />} label={t`Dark mode`}>
          <Switch
            label={t`Dark mode`}
            checked={theme === 'dark'}
            onChange={(on) => setTheme(on ? 'dark' : 'light')}
          />
        </Cell>
      </CellGroup>
      <CellGroup label={t`About`}>
        <Cell icon={<InfoIcon />} label={t`Version`} value={APP_VERSION} />
        {newest.data && newest.data.version !== APP_VERSION && (
          <Cell icon={<UpdateIcon />} label={t`Latest version`} value={newest.data.version} />
        )}
      </CellGroup>
    </>
  )
}
