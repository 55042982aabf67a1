import type { LoginResult, SecondCheck } from '@common/account/types'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { HttpError } from '@/lib/http/client'
import form from '@/ui/form/Form.module.css'
import { CodeField } from '@/ui/form/PresetFields'
import { SendCodeButton } from '@/ui/form/SendCodeButton'
import { accountApi } from './api'

const CHALLENGE_GONE = 1311

/** The second check of a 1021 login: every enabled method's code, then /user/loginConfirm. */
export function SecondCheckForm(props: {
  check: SecondCheck
  onDone: (r: LoginResult) => void
  onExpired: () => void
}) {
  const { check } = props
  const { t } = useLingui()
  const [sms, setSms] = useState('')
  const [email, setEmail] = useState('')
  const [google, setGoogle] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const body = {
      challengeId: check.challengeId,
      ...(check.sms ? { smsCode: sms.trim() } : {}),
      ...(check.email ? { emailCode: email.trim() } : {}),
      ...(check.google ? { googleCode: google.trim() } : {}),
    }
    try {
      props.onDone(
        await accountApi.post<LoginResult>('user/loginConfirm', body, { loading: true, btnLoading: setBusy }),
      )
    } catch (err) {
      if (err instanceof HttpError && err.code === CHALLENGE_GONE) props.onExpired()
    }
  }

  const sender = (path: string) => (ticket: string) =>
    accountApi.post(path, { challengeId: check.challengeId, ticket }, { successToast: false })

  return (
    <form className={form.page} onSubmit={submit} noValidate>
      <p className={form.hint}>
        <Trans>Your account has login verification on. Enter the codes below.</Trans>
      </p>
      {check.sms && (
        <CodeField
          label={t`SMS code`}
          hint={check.phoneMasked ?? undefined}
          value={sms}
          onChange={setSms}
          after={<SendCodeButton send={sender('login/sendSmsCodeBeforeLogin')} />}
        />
      )}
      {check.email && (
        <CodeField
          label={t`E-mail code`}
          hint={check.emailMasked ?? undefined}
          value={email}
          onChange={setEmail}
          after={<SendCodeButton send={sender('login/sendEmailCodeBeforeLogin')} />}
        />
      )}
      {check.google && <CodeField label={t`Google authenticator code`} value={google} onChange={setGoogle} />}
      <button type="submit" className={form.primary} disabled={busy}>
        <Trans>Confirm</Trans>
      </button>
    </form>
  )
}
