import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Cell, CellGroup, LinkCell } from '@/ui/CellList'
import { showToast } from '@/ui/feedback'
import { PageHeader } from '@/ui/PageHeader'
import { Switch } from '@/ui/Switch'
import { accountApi, accountKeys, securityHomeQueryOptions } from './api'
import type { Channel } from './CodeInput'
import { useStatusText } from './IdentityBadge'
import { ToggleDialog } from './ToggleDialog'

export function SecurityPage() {
  const { t } = useLingui()
  const qc = useQueryClient()
  const { data: s } = useQuery(securityHomeQueryOptions())
  const statusText = useStatusText()
  const [toggle, setToggle] = useState<{ type: Channel; on: boolean } | null>(null)

  if (!s) return <PageHeader title={t`Security centre`} backLabel={t`Back`} />
  const checks: { type: Channel; label: string; on: boolean; available: boolean }[] = [
    { type: 'sms', label: t`SMS verification`, on: s.sms, available: s.smsAvailable },
    { type: 'email', label: t`E-mail verification`, on: s.email, available: s.emailAvailable },
    { type: 'google', label: t`Google verification`, on: s.google, available: s.googleAvailable },
  ]
  return (
    <>
      <PageHeader title={t`Security centre`} backLabel={t`Back`} />
      <CellGroup label={t`Passwords`}>
        <LinkCell to="/pages/mine/password-manage" label={t`Login password`} value={t`Change`} />
        <LinkCell
          to="/pages/mine/password-trade"
          label={t`Trade password`}
          value={s.hasTradePassword ? t`Reset` : t`Not set`}
        />
      </CellGroup>
      <CellGroup label={t`Two-factor authentication`}>
        <LinkCell
          to="/pages/mine/google-auth"
          label={t`Google authenticator`}
          value={s.googleBound ? t`Bound` : t`Not bound`}
        />
        {checks.map((c) =>
          c.available ? (
            <Cell key={c.type} label={c.label}>
              <Switch label={c.label} checked={c.on} onChange={(on) => setToggle({ type: c.type, on })} />
            </Cell>
          ) : (
            <LinkCell
              key={c.type}
              to={
                c.type === 'google'
                  ? '/pages/mine/google-auth'
                  : `/pages/mine/bind-contact?kind=${c.type === 'sms' ? 'phone' : 'email'}`
              }
              label={c.label}
              value={c.type === 'google' ? t`Bind Google authenticator first` : t`Bind first`}
            />
          ),
        )}
      </CellGroup>
      <CellGroup label={t`Account protection`}>
        <LinkCell
          to="/pages/mine/anti-phishing"
          label={t`Anti-phishing code`}
          value={s.antiPhishing ? t`Set` : t`Not set`}
        />
        <LinkCell to="/pages/mine/sessions" label={t`Devices and login history`} />
        <LinkCell to="/pages/mine/api-keys" label={t`API keys`} />
        <LinkCell
          to="/pages/mine/advanced-verify"
          label={t`Identity verification`}
          value={statusText(s.identity.advanced)}
        />
      </CellGroup>
      {toggle && (
        <ToggleDialog
          type={toggle.type}
          on={toggle.on}
          onClose={() => setToggle(null)}
          submit={async (code) => {
            await accountApi.post(
              toggle.on ? 'user/enableSmsEmailGoogle' : 'user/disableSmsEmailGoogle',
              { type: toggle.type, code },
              { loading: true },
            )
            await qc.invalidateQueries({ queryKey: accountKeys.root })
            showToast(t`Saved`)
          }}
        />
      )}
    </>
  )
}
