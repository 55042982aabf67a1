import { useLingui } from '@lingui/react/macro'
import { type InputHTMLAttributes, type ReactNode, useId } from 'react'
import { DecimalInput } from '@/ui/DecimalInput'
import form from './Form.module.css'
import { reasonText } from './reasons'

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string
  value: string
  onChange: (value: string) => void
  /** A failure key from the shared schema. */
  error?: string
  hint?: ReactNode
  /** Controls beside the input (country picker, send-code button). */
  before?: ReactNode
  after?: ReactNode
  /** An amount or price: the UI language's decimal sign in the field, canonical text in `value`. */
  decimal?: boolean
}

/** A labelled input with its validation message. */
export function Field({ label, value, onChange, error, hint, before, after, decimal, ...rest }: Props) {
  const { i18n } = useLingui()
  const id = useId()
  const errId = `${id}-err`
  return (
    <div className={form.field}>
      <label htmlFor={id} className={form.label}>
        {label}
      </label>
      <div className={form.row}>
        {before}
        {decimal ? (
          <DecimalInput
            id={id}
            className={form.input}
            value={value}
            onChange={onChange}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errId : undefined}
            {...rest}
          />
        ) : (
          <input
            id={id}
            className={form.input}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errId : undefined}
            {...rest}
          />
        )}
        {after}
      </div>
      {error && (
        <span id={errId} className={form.error} role="alert">
          {reasonText(i18n, error)}
        </span>
      )}
      {!error && hint && <span className={form.hint}>{hint}</span>}
    </div>
  )
}
