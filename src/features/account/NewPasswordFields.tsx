import { useLingui } from '@lingui/react/macro'
import { Field } from '@/ui/form/Field'
import { TradePasswordField } from '@/ui/form/PresetFields'

interface Props {
  /** "Password" when registering, "New password" when changing or resetting. */
  label: string
  values: { password: string; confirmPassword: string }
  set: (k: 'password' | 'confirmPassword') => (v: string) => void
  errors: Record<string, string>
}

/** A new login password and its confirmation, with the strength rule shown. */
export function NewPasswordFields({ label, values, set, errors }: Props) {
  const { t } = useLingui()
  return (
    <>
      <Field
        label={label}
        type="password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        autoComplete="new-password"
        hint={t`8-32 characters with at least one letter and one digit`}
      />
      <Field
        label={t`Confirm password`}
        type="password"
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
        autoComplete="new-password"
      />
    </>
  )
}

/** A new 6-digit trade password and its confirmation. */
export function NewTradePasswordFields({
  label,
  hint,
  values,
  set,
  errors,
}: {
  label: string
  hint: string
  values: { tradePassword: string; confirmTradePassword: string }
  set: (k: 'tradePassword' | 'confirmTradePassword') => (v: string) => void
  errors: Record<string, string>
}) {
  const { t } = useLingui()
  return (
    <>
      <TradePasswordField
        label={label}
        value={values.tradePassword}
        onChange={set('tradePassword')}
        error={errors.tradePassword}
        hint={hint}
      />
      <TradePasswordField
        label={t`Confirm trade password`}
        value={values.confirmTradePassword}
        onChange={set('confirmTradePassword')}
        error={errors.confirmTradePassword}
      />
    </>
  )
}
