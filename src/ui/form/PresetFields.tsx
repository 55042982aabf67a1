import { type ComponentProps, type ReactNode, useId } from 'react'
import { Field } from './Field'
import form from './Form.module.css'

type FieldProps = ComponentProps<typeof Field>

/** A 6-digit code (SMS, e-mail, authenticator): numeric keyboard, one-time-code autofill unless given. */
export function CodeField(props: FieldProps) {
  return <Field inputMode="numeric" maxLength={6} autoComplete="one-time-code" {...props} />
}

/** The 6-digit trade password: hidden, numeric keyboard, no autofill. */
export function TradePasswordField(props: FieldProps) {
  return <Field type="password" inputMode="numeric" maxLength={6} autoComplete="off" {...props} />
}

/** The user's current login password, for the password manager to fill. */
export function CurrentPasswordField(props: FieldProps) {
  return <Field type="password" autoComplete="current-password" {...props} />
}

/** A labelled control other than a text input (a picker, a sheet): `children` gets the id to wear. */
export function ControlField({
  label,
  style,
  children,
}: {
  label: ReactNode
  style?: React.CSSProperties
  children: (id: string) => ReactNode
}) {
  const id = useId()
  return (
    <div className={form.field} style={style}>
      <label htmlFor={id} className={form.label}>
        {label}
      </label>
      {children(id)}
    </div>
  )
}
