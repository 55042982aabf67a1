import { useLingui } from '@lingui/react/macro'
import { Field } from '@/ui/form/Field'

interface Props {
  /** "Password" when registering, "New password" when changing or resetting. */
  label: string
  password: string
  confirmPassword: string
  onPassword: (v: string) => void
  onConfirm: (v: string) => void
  errors: Record<string, string>
}

/** A new login password and its confirmation, with the strength rule shown. */
export function NewPasswordFields({
  label,
  password,
  confirmPassword,
  onPassword,
  onConfirm,
  errors,
}: Props) {
  const { t } = useLingui()
  return (
    <>
      <Field
        label={label}
        type="password"
        value={password}
        onChange={onPassword}
        error={errors.password}
        autoComplete="new-password"
        hint={t`8-32 characters with at least one letter and one digit`}
      />
      <Field
        label={t`Confirm password`}
        type="password"
        value={confirmPassword}
        onChange={onConfirm}
        error={errors.confirmPassword}
        autoComplete="new-password"
      />
    </>
  )
}
