import { setTradePasswordSchema } from '@common/account/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { fieldErrors } from '@/lib/form/validate'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { PageHeader } from '@/ui/PageHeader'
import { TabRow } from '@/ui/TabRow'
import { accountApi, accountKeys, securityHomeQueryOptions } from './api'
import { type Channel, CodeInput } from './CodeInput'
import { NewTradePasswordFields } from './NewPasswordFields'

/** Set or reset the 6-digit trade password, proven by a code of a bound channel. */
export function PasswordTradePage() {
  const { t } = useLingui()
  const qc = useQueryClient()
  const router = useRouter()
  const { data: s } = useQuery(securityHomeQueryOptions())
  const channels: Channel[] = s
    ? ([s.emailAvailable && 'email', s.smsAvailable && 'sms', s.googleAvailable && 'google'].filter(
        Boolean,
      ) as Channel[])
    : []
  const [picked, setPicked] = useState<Channel | null>(null)
  const type = picked ?? channels[0] ?? 'email'
  const [v, setV] = useState({ tradePassword: '', confirmTradePassword: '', code: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const set = (k: keyof typeof v) => (value: string) => setV((x) => ({ ...x, [k]: value }))
  const names = { sms: t`SMS`, email: t`E-mail`, google: t`Google authenticator` }

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const body = { ...v, type }
    const errs = fieldErrors(setTradePasswordSchema, body)
    setErrors(errs)
    if (Object.keys(errs).length) return
    try {
      await accountApi.post('safe/setOrResetPaypwd', body, { loading: true, btnLoading: setBusy })
      await qc.invalidateQueries({ queryKey: accountKeys.root })
      showToast(t`Trade password saved`)
      router.history.back()
    } catch {
      // Shown by the http layer.
    }
  }

  return (
    <>
      <PageHeader title={t`Trade password`} backLabel={t`Back`} />
      <form className={form.page} onSubmit={submit} noValidate>
        <NewTradePasswordFields
          label={t`New trade password`}
          hint={t`6 digits`}
          values={v}
          set={set}
          errors={errors}
        />
        {channels.length > 1 && (
          <TabRow
            label={t`Verify with`}
            className={form.tabs}
            tabClass={form.tab}
            value={type}
            options={channels.map((c) => [c, names[c]] as const)}
            onChange={setPicked}
          />
        )}
        <CodeInput type={type} value={v.code} onChange={set('code')} error={errors.code} />
        <button type="submit" className={form.primary} disabled={busy || !s}>
          <Trans>Save</Trans>
        </button>
      </form>
    </>
  )
}
