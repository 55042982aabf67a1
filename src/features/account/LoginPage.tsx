import { loginSchema } from '@common/account/schema'
import type { LoginResult, SecondCheck } from '@common/account/types'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { fieldErrors } from '@/lib/form/validate'
import { Field } from '@/ui/form/Field'
import form from '@/ui/form/Form.module.css'
import { PageHeader } from '@/ui/PageHeader'
import { TabRow } from '@/ui/TabRow'
import { accountApi } from './api'
import { CountrySelect } from './CountrySelect'
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
        <TabRow
          label={t`Log in with`}
          className={form.tabs}
          tabClass={form.tab}
          value={mode}
          options={[
            ['email', t`E-mail`],
            ['phone', t`Phone`],
          ]}
          onChange={(m) => {
            setMode(m)
            setAccount('')
          }}
        />
        <Field
          label={mode === 'email' ? t`E-mail` : t`Phone number`}
          value={account}
          onChange={setAccount}
          error={errors.account}
          autoComplete="username"
          inputMode={mode === 'email' ? 'email' : 'tel'}
          before={mode === 'phone' ? <CountrySelect value={countryCode} onChange={setCountry} /> : undefined}
        />
        <Field
          label={t`Password`}
          type="password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          autoComplete="current-password"
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
