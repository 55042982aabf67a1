import {
  type ApiKeyCreated,
  type ApiKeyScope,
  type ApiKeyType,
  apiKeyCreateSchema,
} from '@common/apikey/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { fieldErrors } from '@/lib/form/validate'
import { ChoiceChips } from '@/ui/ChoiceChips'
import { showToast } from '@/ui/feedback'
import { Field } from '@/ui/form/Field'
import form from '@/ui/form/Form.module.css'
import { PageHeader } from '@/ui/PageHeader'
import { LINK_BUTTON, useScopeLabels } from './ApiKeysPage'
import { securityHomeQueryOptions } from './api'
import { type ApiKeyCreateBody, apiKeysApi, apiKeysQueryOptions, splitIps } from './api-keys'
import { type Channel, CodeInput } from './CodeInput'

const CHOOSABLE: ApiKeyScope[] = ['spot:trade', 'contract:trade', 'withdraw']

/** Security centre: a new API key (HMAC or Ed25519), confirmed with the second factor. */
export function ApiKeyCreatePage() {
  const { t } = useLingui()
  const qc = useQueryClient()
  const { data: sec } = useQuery(securityHomeQueryOptions())
  const scopeLabels = useScopeLabels()
  const [v, setV] = useState({ label: '', type: 'hmac' as ApiKeyType, ips: '', publicKey: '', code: '' })
  const [scopes, setScopes] = useState<ApiKeyScope[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [created, setCreated] = useState<ApiKeyCreated | null>(null)
  // The same second factor as other sensitive actions: the authenticator if bound, else e-mail, else SMS.
  const channel: Channel = sec?.googleBound ? 'google' : sec?.emailAvailable ? 'email' : 'sms'
  const codeField = { google: 'googleCode', email: 'emailCode', sms: 'smsCode' }[channel]

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const body: ApiKeyCreateBody = {
      label: v.label,
      type: v.type,
      scopes,
      ips: splitIps(v.ips),
      ...(v.type === 'ed25519' ? { publicKey: v.publicKey } : {}),
      [codeField]: v.code.trim(),
    }
    const errs = fieldErrors(apiKeyCreateSchema, body)
    if (!v.code.trim()) errs.code = 'invalid_code'
    setErrors(errs)
    if (Object.keys(errs).length) return
    try {
      setCreated(await apiKeysApi.create(body, setBusy))
      await qc.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey })
    } catch {
      // Shown by the http layer.
    }
  }

  if (created) return <Created created={created} />

  return (
    <>
      <PageHeader title={t`Create API key`} backLabel={t`Back`} />
      <form className={form.page} onSubmit={submit} noValidate>
        <Field
          label={t`Name`}
          value={v.label}
          onChange={(x) => setV((o) => ({ ...o, label: x }))}
          error={errors.label}
          maxLength={40}
          autoComplete="off"
        />
        <div className={form.field}>
          <span className={form.label}>
            <Trans>Key type</Trans>
          </span>
          <ChoiceChips
            label={t`Key type`}
            value={v.type}
            options={[
              ['hmac', 'HMAC-SHA256'],
              ['ed25519', 'Ed25519'],
            ]}
            onChange={(type) => setV((o) => ({ ...o, type }))}
            testId="api-key-type"
          />
          <p className={form.hint}>
            {v.type === 'hmac' ? t`HMAC-SHA256 (we create the secret)` : t`Ed25519 (your public key)`}
          </p>
        </div>
        {v.type === 'ed25519' && (
          <Field
            label={t`Ed25519 public key`}
            hint={t`PEM, or the 32-byte key in base64 or hex`}
            value={v.publicKey}
            onChange={(x) => setV((o) => ({ ...o, publicKey: x }))}
            error={errors.publicKey}
            autoComplete="off"
          />
        )}
        <fieldset className={form.field} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className={form.label} style={{ padding: 0 }}>
            <Trans>Permissions</Trans>
          </legend>
          <label className={form.check}>
            <input type="checkbox" checked disabled /> {scopeLabels.read}
          </label>
          {CHOOSABLE.map((s) => (
            <label key={s} className={form.check}>
              <input
                type="checkbox"
                checked={scopes.includes(s)}
                onChange={(e) => setScopes((o) => (e.target.checked ? [...o, s] : o.filter((x) => x !== s)))}
                data-testid={`api-key-scope-${s}`}
              />{' '}
              {scopeLabels[s]}
            </label>
          ))}
          {scopes.includes('withdraw') && (
            <p className={form.hint}>
              <Trans>Withdrawals need an IP allowlist, and still ask for your trade password.</Trans>
            </p>
          )}
        </fieldset>
        <Field
          label={t`IP allowlist`}
          hint={t`Addresses or ranges, separated by commas (203.0.113.5, 10.0.0.0/24). Empty: any address.`}
          value={v.ips}
          onChange={(x) => setV((o) => ({ ...o, ips: x }))}
          error={errors.ips ?? (errors.scopes === undefined ? undefined : errors.scopes)}
          autoComplete="off"
        />
        <CodeInput
          type={channel}
          value={v.code}
          onChange={(x) => setV((o) => ({ ...o, code: x }))}
          error={errors.code ?? errors[codeField]}
        />
        <button type="submit" className={form.primary} disabled={busy} data-testid="api-key-create">
          <Trans>Create API key</Trans>
        </button>
      </form>
    </>
  )
}

/** The new key, with its secret shown this once. */
function Created({ created }: { created: ApiKeyCreated }) {
  const { t } = useLingui()
  const copy = (text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => showToast(t`Copied`),
      () => showToast(t`Copy failed`, { error: true }),
    )
  const mono = { fontFamily: 'var(--font-num)', wordBreak: 'break-all' as const, margin: '4px 0' }
  return (
    <>
      <PageHeader title={t`API key created`} backLabel={t`Back`} />
      <div className={form.page}>
        <div className={form.card}>
          <span className={form.label}>
            <Trans>API key</Trans>
          </span>
          <p style={mono} data-testid="api-key-name">
            {created.apiKey}
          </p>
          <button type="button" className={form.link} onClick={() => copy(created.apiKey)}>
            <Trans>Copy</Trans>
          </button>
        </div>
        {created.secret && (
          <div className={form.card}>
            <span className={form.label}>
              <Trans>Secret</Trans>
            </span>
            <p style={mono} data-testid="api-key-secret">
              {created.secret}
            </p>
            <button type="button" className={form.link} onClick={() => copy(created.secret as string)}>
              <Trans>Copy</Trans>
            </button>
            <p className={form.hint}>
              <Trans>This secret is shown only now. Copy it and keep it safe: we cannot show it again.</Trans>
            </p>
          </div>
        )}
        <Link to="/pages/mine/api-keys" className={form.primary} style={LINK_BUTTON}>
          <Trans>Done</Trans>
        </Link>
      </div>
    </>
  )
}
