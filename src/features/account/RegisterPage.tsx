import { registerCommonSchema, registerTargetSchema } from '@common/account/schema'
import type { LoginResult } from '@common/account/types'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { fieldErrors } from '@/lib/form/validate'
import { Field } from '@/ui/form/Field'
import form from '@/ui/form/Form.module.css'
import { CodeField } from '@/ui/form/PresetFields'
import { SendCodeButton } from '@/ui/form/SendCodeButton'
import { PageHeader } from '@/ui/PageHeader'
import { accountApi } from './api'
import { ClauseDialog } from './ClauseDialog'
import { ContactField, ContactTabs } from './ContactFields'
import { NewPasswordFields, NewTradePasswordFields } from './NewPasswordFields'
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
        <ContactTabs label={t`Register with`} value={type} onChange={setType} />
        <ContactField
          kind={type}
          values={v}
          set={set}
          error={type === 'email' ? errors.email : (errors.phone ?? errors.countryCode)}
          autofill
        />
        <CodeField
          label={t`Verification code`}
          value={v.code}
          onChange={set('code')}
          error={errors.code}
          after={<SendCodeButton send={sendCode} canSend={targetOk} />}
        />
        <NewPasswordFields label={t`Password`} values={v} set={set} errors={errors} />
        <NewTradePasswordFields
          label={t`Trade password`}
          hint={t`6 digits, asked for withdrawals and trades`}
          values={v}
          set={set}
          errors={errors}
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
