import { googleCodeSchema } from '@common/account/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { CodeField, CurrentPasswordField } from '@/ui/form/PresetFields'
import { useForm } from '@/ui/form/use-form'
import { PageHeader } from '@/ui/PageHeader'
import { accountApi, accountKeys, securityHomeQueryOptions } from './api'

interface Token {
  secret: string
  uri: string
  qr: string
}

/** Bind (secret + QR of the otpauth URI) or unbind Google authenticator. */
export function GoogleAuthPage() {
  const { t } = useLingui()
  const qc = useQueryClient()
  const { data: s, refetch } = useQuery(securityHomeQueryOptions())
  const [token, setToken] = useState<Token | null>(null)
  const {
    values: v,
    setValues: setV,
    set,
    errors,
    busy,
    setBusy,
    onSubmit,
  } = useForm({ googleCode: '', password: '' })
  const bound = s?.googleBound ?? false

  useEffect(() => {
    if (s && !s.googleBound && !token) accountApi.get<Token>('user/getGoogleToken').then(setToken, () => {})
  }, [s, token])

  const submit = onSubmit(googleCodeSchema, async () => {
    await accountApi.post(bound ? 'user/unbindGoogleToken' : 'user/bindGoogleToken', v, {
      loading: true,
      btnLoading: setBusy,
    })
    showToast(bound ? t`Google authenticator unbound` : t`Google authenticator bound`)
    setV({ googleCode: '', password: '' })
    // The new state first: with the old one the page would ask for a fresh key of a bound account.
    qc.setQueryData(securityHomeQueryOptions().queryKey, (old) => old && { ...old, googleBound: !bound })
    setToken(null)
    await qc.invalidateQueries({ queryKey: accountKeys.root })
    await refetch()
  })

  return (
    <>
      <PageHeader title={t`Google authenticator`} backLabel={t`Back`} />
      <form className={form.page} onSubmit={submit} noValidate>
        {bound ? (
          <p className={form.hint}>
            <Trans>
              Google authenticator is bound. To unbind it, enter a current code and your login password.
            </Trans>
          </p>
        ) : (
          token && (
            <div className={form.card}>
              <p className={form.hint}>
                <Trans>
                  Scan the QR code with an authenticator app, or enter the key by hand. Keep the key somewhere
                  safe.
                </Trans>
              </p>
              <img
                src={token.qr}
                width={200}
                height={200}
                alt={t`QR code of the authenticator key`}
                style={{ display: 'block', margin: '8px auto' }}
              />
              <p
                style={{ wordBreak: 'break-all', fontFamily: 'var(--font-num)', textAlign: 'center' }}
                data-testid="totp-secret"
              >
                {token.secret}
              </p>
              <button
                type="button"
                className={form.link}
                onClick={() =>
                  void navigator.clipboard?.writeText(token.secret).then(
                    () => showToast(t`Copied`),
                    () => showToast(t`Copy failed`, { error: true }),
                  )
                }
              >
                <Trans>Copy key</Trans>
              </button>
            </div>
          )
        )}
        <CodeField
          label={t`Google authenticator code`}
          value={v.googleCode}
          onChange={set('googleCode')}
          error={errors.googleCode}
        />
        <CurrentPasswordField
          label={t`Login password`}
          value={v.password}
          onChange={set('password')}
          error={errors.password}
        />
        <button type="submit" className={form.primary} disabled={busy || !s}>
          {bound ? <Trans>Unbind</Trans> : <Trans>Bind</Trans>}
        </button>
      </form>
    </>
  )
}
