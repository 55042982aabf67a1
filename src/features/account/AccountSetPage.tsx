import { CURRENCIES } from '@common/account/schema'
import type { UserInfo } from '@common/account/types'
import { LANGUAGES, type LangCode, toBcp47 } from '@common/i18n/languages'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useAtom, useAtomValue } from 'jotai'
import { useState } from 'react'
import { compressImage } from '@/lib/image/compress-image'
import { langAtom, store, themeAtom, tokenAtom } from '@/lib/store'
import { Cell, CellGroup, LinkCell } from '@/ui/CellList'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { PageHeader } from '@/ui/PageHeader'
import { type SelectOption, SelectSheet } from '@/ui/SelectSheet'
import { Switch } from '@/ui/Switch'
import styles from './Account.module.css'
import { Avatar } from './Avatar'
import { accountApi, accountKeys, userInfoQueryOptions } from './api'
import { NicknameForm } from './NicknameForm'
import { SwitchAccount } from './SwitchAccount'
import { releaseDevicePush, signOut } from './session'
import { WalletsSection } from './wallet/WalletsSection'

export function AccountSetPage() {
  const { t } = useLingui()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const { data: u } = useQuery(userInfoQueryOptions())
  const lang = useAtomValue(langAtom)
  const [theme, setTheme] = useAtom(themeAtom)
  const [editName, setEditName] = useState(false)

  const save = async (patch: Record<string, unknown>) => {
    const next = await accountApi.post<UserInfo>('user/updateUserInfo', patch, { loading: true })
    qc.setQueryData(accountKeys.me, next)
    showToast(t`Saved`)
  }

  const pickAvatar = async (file: File | undefined) => {
    if (!file) return
    try {
      const jpeg = await compressImage(file)
      const up = await accountApi.upload(jpeg)
      await save({ avatar: up.id })
    } catch {
      // A failed upload was already reported; a broken image cannot be decoded here.
    }
  }

  const logout = async () => {
    // While the session still works, so the server forgets this device's push subscription too.
    await releaseDevicePush(store.get(tokenAtom))
    try {
      await accountApi.post('user/logout', {}, { loading: true })
    } catch {
      // The session may already be gone; sign out locally anyway.
    }
    signOut(qc, true)
    void navigate({ to: '/pages/login/index', replace: true })
  }

  if (!u) return <PageHeader title={t`Account settings`} backLabel={t`Back`} />
  return (
    <>
      <PageHeader title={t`Account settings`} backLabel={t`Back`} />
      <CellGroup label={t`Profile`}>
        <Cell label={t`Avatar`}>
          <label className={form.link} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <Avatar path={u.avatar} name={u.nickname} size={40} />
            <span className={styles.sub}>
              <Trans>Change</Trans>
            </span>
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-label={t`Choose an avatar`}
              style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
              onChange={(e) => void pickAvatar(e.target.files?.[0])}
            />
          </label>
        </Cell>
        {editName ? (
          <NicknameForm
            initial={u.nickname}
            onDone={() => setEditName(false)}
            save={(nickname) => save({ nickname })}
          />
        ) : (
          <Cell label={t`Nickname`} value={u.nickname}>
            <button type="button" className={form.link} onClick={() => setEditName(true)}>
              <Trans>Edit</Trans>
            </button>
          </Cell>
        )}
        <Cell label="UID" value={String(u.uid)} />
        <Cell label={t`Referral code`} value={u.inviteCode} />
      </CellGroup>
      <CellGroup label={t`Phone and e-mail`}>
        <LinkCell to="/pages/mine/bind-contact?kind=phone" label={t`Phone`} value={u.phone ?? t`Not bound`} />
        <LinkCell
          to="/pages/mine/bind-contact?kind=email"
          label={t`E-mail`}
          value={u.email ?? t`Not bound`}
        />
      </CellGroup>
      <WalletsSection />
      <CellGroup label={t`Preferences`}>
        <LinkCell
          to="/pages/mine/language-set"
          label={t`Language`}
          value={LANGUAGES.find((l) => l.code === lang)?.native}
        />
        <Cell label={t`Dark mode`}>
          <Switch
            label={t`Dark mode`}
            checked={theme === 'dark'}
            onChange={(on) => setTheme(on ? 'dark' : 'light')}
          />
        </Cell>
        <Cell label={t`Display currency`}>
          <SelectSheet
            label={t`Display currency`}
            compact
            testId="display-currency"
            value={u.currency}
            options={currencyOptions(lang)}
            onChange={(c) => void save({ currency: c }).catch(() => {})}
          />
        </Cell>
      </CellGroup>
      <SwitchAccount currentId={u.id} />
      <button type="button" className={`${form.secondary} ${styles.danger}`} onClick={() => void logout()}>
        <Trans>Log out</Trans>
      </button>
    </>
  )
}

/** The display currencies, each with its name in the user's language (Intl, no catalog strings). */
function currencyOptions(lang: LangCode): SelectOption[] {
  let names: Intl.DisplayNames | null = null
  try {
    names = new Intl.DisplayNames([toBcp47(lang)], { type: 'currency' })
  } catch {
    // An engine without Intl.DisplayNames shows the codes alone.
  }
  return CURRENCIES.map((c) => ({ value: c, label: c, hint: names?.of(c) }))
}
