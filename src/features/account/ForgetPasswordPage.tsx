import { accountSchema, forgetPasswordSchema } from '@common/account/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { fieldErrors } from '@/lib/form/validate'
import { HttpError } from '@/lib/http/client'
import { translateMessage } from '@/lib/http/errors'
import { Alert } from '@/ui/Alert'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { CodeField } from '@/ui/form/PresetFields'
import { SendCodeButton } from '@/ui/form/SendCodeButton'
import { PageHeader } from '@/ui/PageHeader'
import { TabRow } from '@/ui/TabRow'
import { accountApi } from './api'
import { AccountField, ContactTabs } from './ContactFields'
import { NewPasswordFields } from './NewPasswordFields'

interface Attempt {
  sms: boolean
  email: boolean
  google: boolean
  phoneMasked: string | null
  emailMasked: string | null
}

export function ForgetPasswordPage() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [mode, setMode] = useState<'email' | 'phone'>('email')
  const [countryCode, setCountry] = useState('CN')
  const [account, setAccount] = useState('')
  const [attempt, setAttempt] = useState<Attempt | null>(null)
  const [inline, setInline] = useState('')
  const [channel, setChannel] = useState<'sms' | 'email'>('email')
  const [v, setV] = useState({ code: '', googleCode: '', password: '', confirmPassword: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const set = (k: keyof typeof v) => (value: string) => setV((s) => ({ ...s, [k]: value }))
  const who = mode === 'phone' ? { account, countryCode } : { account }

  const next = async (e: React.FormEvent) => {
    e.preventDefault()
    const errs = fieldErrors(accountSchema, who)
    setErrors(errs)
    if (Object.keys(errs).length) return
    setInline('')
    try {
      // docs/spec.md: this call's error toast is suppressed; the answer is shown under the field.
      const res = await accountApi.post<Attempt>('user/forgetPasswordAttempt', who, {
        toast: false,
        btnLoading: setBusy,
      })
      setAttempt(res)
      setChannel(res.email ? 'email' : 'sms')
    } catch (err) {
      if (err instanceof HttpError) setInline(translateMessage(err.key, err.msg))
    }
  }

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const body = { ...who, channel, ...v, googleCode: attempt?.google ? v.googleCode : undefined }
    const errs = fieldErrors(forgetPasswordSchema, body)
    setErrors(errs)
    if (Object.keys(errs).length) return
    try {
      await accountApi.post('user/forgetPassword', body, { loading: true, btnLoading: setBusy })
      showToast(t`Password reset. Log in with the new password.`)
      void navigate({ to: '/pages/login/index', replace: true })
    } catch {
      // Shown by the http layer.
    }
  }

  return (
    <>
      <PageHeader title={t`Reset password`} backLabel={t`Back`} />
      {!attempt ? (
        <form className={form.page} onSubmit={next} noValidate>
          <ContactTabs label={t`Account type`} value={mode} onChange={setMode} />
          <AccountField
            kind={mode}
            value={account}
            onChange={setAccount}
            countryCode={countryCode}
            onCountry={setCountry}
            error={errors.account}
          />
          <Alert text={inline} className={form.error} as="p" />
          <button type="submit" className={form.primary} disabled={busy}>
            <Trans>Next</Trans>
          </button>
        </form>
      ) : (
        <form className={form.page} onSubmit={submit} noValidate>
          {attempt.sms && attempt.email && (
            <TabRow
              label={t`Receive the code by`}
              className={form.tabs}
              tabClass={form.tab}
              value={channel}
              options={[
                [
                  'email',
                  <>
                    {t`E-mail`} {attempt.emailMasked}
                  </>,
                ],
                [
                  'sms',
                  <>
                    {t`SMS`} {attempt.phoneMasked}
                  </>,
                ],
              ]}
              onChange={setChannel}
            />
          )}
          <CodeField
            label={channel === 'email' ? t`E-mail code` : t`SMS code`}
            value={v.code}
            onChange={set('code')}
            error={errors.code}
            after={
              <SendCodeButton
                send={(ticket) =>
                  accountApi.post('user/getCode', { ...who, channel, purpose: 'forget', ticket })
                }
              />
            }
          />
          {attempt.google && (
            <CodeField
              label={t`Google authenticator code`}
              value={v.googleCode}
              onChange={set('googleCode')}
              error={errors.googleCode}
              autoComplete={undefined}
            />
          )}
          <NewPasswordFields label={t`New password`} values={v} set={set} errors={errors} />
          <button type="submit" className={form.primary} disabled={busy}>
            <Trans>Reset password</Trans>
          </button>
        </form>
      )}
    </>
  )
}
