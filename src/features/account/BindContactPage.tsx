import { bindEmailSchema, bindPhoneSchema, registerTargetSchema } from '@common/account/schema'
import type { UserInfo } from '@common/account/types'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { fieldErrors } from '@/lib/form/validate'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { CodeField } from '@/ui/form/PresetFields'
import { SendCodeButton } from '@/ui/form/SendCodeButton'
import { PageHeader } from '@/ui/PageHeader'
import { accountApi, accountKeys, userInfoQueryOptions } from './api'
import { CodeInput } from './CodeInput'
import { ContactField } from './ContactFields'

/** Bind a phone or e-mail with a code sent to it, or unbind the bound one with a code. */
export function BindContactPage({ kind }: { kind: 'phone' | 'email' }) {
  const { t } = useLingui()
  const qc = useQueryClient()
  const router = useRouter()
  const { data: u } = useQuery(userInfoQueryOptions())
  const [v, setV] = useState({ countryCode: 'CN', phone: '', email: '', code: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const set = (k: keyof typeof v) => (x: string) => setV((o) => ({ ...o, [k]: x }))
  const current = kind === 'phone' ? u?.phone : u?.email
  const title = kind === 'phone' ? t`Phone` : t`E-mail`

  const done = async (user: UserInfo, text: string) => {
    qc.setQueryData(accountKeys.me, user)
    await qc.invalidateQueries({ queryKey: accountKeys.root })
    showToast(text)
    router.history.back()
  }

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const body = current
      ? { code: v.code }
      : kind === 'phone'
        ? { countryCode: v.countryCode, phone: v.phone, code: v.code }
        : { email: v.email, code: v.code }
    const errs = current
      ? /^\d{6}$/.test(v.code.trim())
        ? {}
        : { code: 'invalid_code' }
      : fieldErrors(kind === 'phone' ? bindPhoneSchema : bindEmailSchema, body)
    setErrors(errs)
    if (Object.keys(errs).length) return
    const path = current
      ? kind === 'phone'
        ? 'user/unbindPhone'
        : 'user/unbindEmail'
      : kind === 'phone'
        ? 'user/bindPhone'
        : 'user/bindEmail'
    try {
      const user = await accountApi.post<UserInfo>(path, body, { loading: true, btnLoading: setBusy })
      await done(user, current ? t`Unbound` : t`Bound`)
    } catch {
      // Shown by the http layer.
    }
  }

  const targetOk = () => {
    const errs = fieldErrors(
      registerTargetSchema,
      kind === 'phone'
        ? { type: 'phone', countryCode: v.countryCode, phone: v.phone }
        : { type: 'email', email: v.email },
    )
    setErrors(errs)
    return Object.keys(errs).length === 0
  }

  return (
    <>
      <PageHeader title={title} backLabel={t`Back`} />
      {u && (
        <form className={form.page} onSubmit={submit} noValidate>
          {current ? (
            <>
              <p className={form.hint}>
                <Trans>Bound: {current}. To unbind it, enter a code sent to it.</Trans>
              </p>
              <CodeInput
                type={kind === 'phone' ? 'sms' : 'email'}
                purpose="unbind"
                value={v.code}
                onChange={set('code')}
                error={errors.code}
              />
            </>
          ) : (
            <>
              <ContactField
                kind={kind}
                values={v}
                set={set}
                error={kind === 'phone' ? errors.phone : errors.email}
              />
              <CodeField
                label={t`Verification code`}
                value={v.code}
                onChange={set('code')}
                error={errors.code}
                autoComplete={undefined}
                after={
                  <SendCodeButton
                    canSend={targetOk}
                    send={(ticket) =>
                      kind === 'phone'
                        ? accountApi.post('user/sendBindSmsCode', {
                            countryCode: v.countryCode,
                            phone: v.phone,
                            ticket,
                          })
                        : accountApi.post('user/sendBindEmailCode', { email: v.email, ticket })
                    }
                  />
                }
              />
            </>
          )}
          <button type="submit" className={form.primary} disabled={busy}>
            {current ? <Trans>Unbind</Trans> : <Trans>Bind</Trans>}
          </button>
        </form>
      )}
    </>
  )
}
