import { registerCommonSchema, registerTargetSchema } from '@common/account/schema'
import type { LoginResult } from '@common/account/types'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { fieldErrors } from '@/lib/form/validate'
import { Field } from '@/ui/form/Field'
import form from '@/ui/form/Form.module.css'
import { SendCodeButton } from '@/ui/form/SendCodeButton'
import { PageHeader } from '@/ui/PageHeader'
import { TabRow } from '@/ui/TabRow'
import { accountApi } from './api'
import { ClauseDialog } from './ClauseDialog'
import { CountrySelect } from './CountrySelect'
import { NewPasswordFields } from './NewPasswordFields'
import { signIn } from './session'

export function RegisterPage({ inviteCode = '' }: { inviteCode?: string }) {
  const qc = useQueryClient()
  const { t } = useLingui()
  const navigate = useNavigate()
  const { add } = useSearch({ strict: false }) as { add?: 1 }
  const [type, setType] = useState<'email' | 'phone'>('email')
  const [v, setV] = useState({
    countryCode: 'CN',
    phone: '',
    email: '',
    code: '',
    password: '',
    confirmPassword: '',
    tradePassword: '',
    confirmTradePassword: '',
    inviteCode,
  })
  const [agree, setAgree] = useState(false)
  const [showClause, setShowClause] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const set = (k: keyof typeof v) => (value: string) => setV((s) => ({ ...s, [k]: value }))

  const target = () =>
    type === 'phone' ? { type, countryCode: v.countryCode, phone: v.phone } : { type, email: v.email }

  const targetOk = () => {
    const errs = fieldErrors(registerTargetSchema, target())
    setErrors(errs)
    return Object.keys(errs).length === 0
  }

  const sendCode = (ticket: string) =>
    type === 'phone'
      ? accountApi.post('register/sendSmsCode', { countryCode: v.countryCode, phone: v.phone, ticket })
      : accountApi.post('user/register/sendEmailCode', { email: v.email, ticket })

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const body = { ...target(), ...v, agree }
    const errs = { ...fieldErrors(registerTargetSchema, body), ...fieldErrors(registerCommonSchema, body) }
    if (!agree) errs.agree = 'terms_not_agreed'
    setErrors(errs)
    if (Object.keys(errs).length) return
    try {
      const res = await accountApi.post<LoginResult>('user/register', body, {
        loading: true,
        btnLoading: setBusy,
      })
      signIn(qc, res.token, res.user)
      void navigate({ to: '/pages/mine/index', replace: true })
    } catch {
      // Shown by the http layer.
    }
  }

  return (
    <>
      <PageHeader title={t`Register`} backLabel={t`Back`} />
      <form className={form.page} onSubmit={submit} noValidate>
        <TabRow
          label={t`Register with`}
          className={form.tabs}
          tabClass={form.tab}
          value={type}
          options={[
            ['email', t`E-mail`],
            ['phone', t`Phone`],
          ]}
          onChange={setType}
        />
        {type === 'email' ? (
          <Field
            label={t`E-mail`}
            type="email"
            value={v.email}
            onChange={set('email')}
            error={errors.email}
            autoComplete="email"
          />
        ) : (
          <Field
            label={t`Phone number`}
            value={v.phone}
            onChange={set('phone')}
            error={errors.phone ?? errors.countryCode}
            inputMode="tel"
            autoComplete="tel-national"
            before={<CountrySelect value={v.countryCode} onChange={set('countryCode')} />}
          />
        )}
        <Field
          label={t`Verification code`}
          value={v.code}
          onChange={set('code')}
          error={errors.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          after={<SendCodeButton send={sendCode} canSend={targetOk} />}
        />
        <NewPasswordFields
          label={t`Password`}
          password={v.password}
          confirmPassword={v.confirmPassword}
          onPassword={set('password')}
          onConfirm={set('confirmPassword')}
          errors={errors}
        />
        <Field
          label={t`Trade password`}
          type="password"
          value={v.tradePassword}
          onChange={set('tradePassword')}
          error={errors.tradePassword}
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
          hint={t`6 digits, asked for withdrawals and trades`}
        />
        <Field
          label={t`Confirm trade password`}
          type="password"
          value={v.confirmTradePassword}
          onChange={set('confirmTradePassword')}
          error={errors.confirmTradePassword}
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
        />
        <Field
          label={t`Referral code (optional)`}
          value={v.inviteCode}
          onChange={set('inviteCode')}
          error={errors.inviteCode}
          autoComplete="off"
        />
        <div>
          <label className={form.check}>
            <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
            <span>
              <Trans>I have read and agree to the</Trans>{' '}
              <button type="button" className={form.link} onClick={() => setShowClause(true)}>
                <Trans>user agreement</Trans>
              </button>
            </span>
          </label>
          {errors.agree && (
            <span className={form.error} role="alert">
              <Trans>Please read and agree to the agreement</Trans>
            </span>
          )}
        </div>
        <button type="submit" className={form.primary} disabled={busy}>
          <Trans>Register</Trans>
        </button>
        <div className={form.links}>
          <span />
          <Link className={form.link} to="/pages/login/index" search={add ? { add } : {}}>
            <Trans>Already registered? Log in</Trans>
          </Link>
        </div>
      </form>
      {showClause && <ClauseDialog onClose={() => setShowClause(false)} />}
    </>
  )
}
