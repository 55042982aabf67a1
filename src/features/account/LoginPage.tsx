import { loginSchema } from '@common/account/schema'
import type { LoginResult, SecondCheck } from '@common/account/types'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { fieldErrors } from '@/lib/form/validate'
import form from '@/ui/form/Form.module.css'
import { CurrentPasswordField } from '@/ui/form/PresetFields'
import { PageHeader } from '@/ui/PageHeader'
import { accountApi } from './api'
import { AccountField, ContactTabs } from './ContactFields'
import { SecondCheckForm } from './SecondCheckForm'
import { signIn } from './session'
import { WalletLogin } from './wallet/WalletLogin'

export function LoginPage() {
  const qc = useQueryClient()
  const { t } = useLingui()
  const navigate = useNavigate()
  const { add } = useSearch({ strict: false }) as { add?: 1 }
  const [mode, setMode] = useState<'email' | 'phone'>('email')
  const [countryCode, setCountry] = useState('CN')
  const [account, setAccount] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [check, setCheck] = useState<SecondCheck | null>(null)
  // After a wallet login the user goes home (docs/spec.md section 2); after a password login, to Mine.
  const [viaWallet, setViaWallet] = useState(false)

  const done = (res: LoginResult) => {
    signIn(qc, res.token, res.user)
    void navigate({ to: viaWallet ? '/pages/home/index' : '/pages/mine/index', replace: true })
  }

  const walletResult = (res: LoginResult | SecondCheck) => {
    setViaWallet(true)
    if ('token' in res) {
      signIn(qc, res.token, res.user)
      void navigate({ to: '/pages/home/index', replace: true })
    } else setCheck(res)
  }

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const body = mode === 'phone' ? { account, password, countryCode } : { account, password }
    const errs = fieldErrors(loginSchema, body)
    setErrors(errs)
    if (Object.keys(errs).length) return
    try {
      // 1021 resolves with the data of the second check (no token in it).
      const res = await accountApi.post<LoginResult | SecondCheck>('user/login', body, {
        loading: true,
        btnLoading: setBusy,
      })
      if ('token' in res) done(res)
      else setCheck(res)
    } catch {
      // The message was shown.
    }
  }

  if (check) {
    return (
      <>
        <PageHeader title={t`Security check`} backLabel={t`Back`} />
        <SecondCheckForm check={check} onDone={done} onExpired={() => setCheck(null)} />
      </>
    )
  }

  return (
    <>
      <PageHeader title={t`Log in`} backLabel={t`Back`} />
      <form className={form.page} onSubmit={submit} noValidate>
        <ContactTabs
          label={t`Log in with`}
          value={mode}
          onChange={(m) => {
            setMode(m)
            setAccount('')
          }}
        />
        <AccountField
          kind={mode}
          value={account}
          onChange={setAccount}
          countryCode={countryCode}
          onCountry={setCountry}
          error={errors.account}
          inputMode={mode === 'email' ? 'email' : 'tel'}
        />
        <CurrentPasswordField
          label={t`Password`}
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <button type="submit" className={form.primary} disabled={busy}>
          <Trans>Log in</Trans>
        </button>
        <div className={form.links}>
          <Link className={form.link} to="/pages/mine/forget-password">
            <Trans>Forgot password?</Trans>
          </Link>
          <Link className={form.link} to="/pages/reg/index" search={add ? { add } : {}}>
            <Trans>Register</Trans>
          </Link>
        </div>
        <WalletLogin onResult={walletResult} />
      </form>
    </>
  )
}
