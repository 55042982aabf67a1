import { useLingui } from '@lingui/react/macro'
import { Field } from '@/ui/form/Field'
import form from '@/ui/form/Form.module.css'
import { TabRow } from '@/ui/TabRow'
import { CountrySelect } from './CountrySelect'

export type ContactKind = 'email' | 'phone'

/** "E-mail or phone": which kind of account the form is for. */
export function ContactTabs({
  label,
  value,
  onChange,
}: {
  label: string
  value: ContactKind
  onChange: (kind: ContactKind) => void
}) {
  const { t } = useLingui()
  return (
    <TabRow
      label={label}
      className={form.tabs}
      tabClass={form.tab}
      value={value}
      options={[
        ['email', t`E-mail`],
        ['phone', t`Phone`],
      ]}
      onChange={onChange}
    />
  )
}

type ContactKey = 'countryCode' | 'phone' | 'email'

/**
 * The phone number (with its country) or the e-mail address to register or bind; `autofill` lets
 * the browser offer the user's own.
 */
export function ContactField({
  kind,
  values,
  set,
  error,
  autofill,
}: {
  kind: ContactKind
  values: Record<ContactKey, string>
  set: (k: ContactKey) => (v: string) => void
  error?: string
  autofill?: boolean
}) {
  const { t } = useLingui()
  return kind === 'email' ? (
    <Field
      label={t`E-mail`}
      type="email"
      value={values.email}
      onChange={set('email')}
      error={error}
      autoComplete={autofill ? 'email' : undefined}
    />
  ) : (
    <Field
      label={t`Phone number`}
      value={values.phone}
      onChange={set('phone')}
      error={error}
      inputMode="tel"
      autoComplete={autofill ? 'tel-national' : undefined}
      before={<CountrySelect value={values.countryCode} onChange={set('countryCode')} />}
    />
  )
}

/** The account to log in to or reset: an e-mail, or a phone number after its country. */
export function AccountField({
  kind,
  value,
  onChange,
  countryCode,
  onCountry,
  error,
  inputMode,
}: {
  kind: ContactKind
  value: string
  onChange: (v: string) => void
  countryCode: string
  onCountry: (v: string) => void
  error?: string
  inputMode?: 'email' | 'tel'
}) {
  const { t } = useLingui()
  return (
    <Field
      label={kind === 'email' ? t`E-mail` : t`Phone number`}
      value={value}
      onChange={onChange}
      error={error}
      autoComplete="username"
      inputMode={inputMode}
      before={kind === 'phone' ? <CountrySelect value={countryCode} onChange={onCountry} /> : undefined}
    />
  )
}
