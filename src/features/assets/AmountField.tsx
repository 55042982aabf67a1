import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import { DecimalInput } from '@/ui/DecimalInput'
import form from '@/ui/form/Form.module.css'
import { fieldReason } from './labels'

/**
 * The amount input of the money forms (transfer, withdraw, flash exchange): a decimal field, an "All"
 * button that fills in `all`, the field's error and a hint (what is available).
 */
export function AmountField({
  value,
  onChange,
  all,
  error,
  hint,
}: {
  value: string
  onChange: (value: string) => void
  /** What "All" fills in (the available or withdrawable amount). */
  all: string
  error?: string
  hint: ReactNode
}) {
  const { i18n } = useLingui()
  const id = useId()
  return (
    <div className={form.field}>
      <label htmlFor={id} className={form.label}>
        <Trans>Amount</Trans>
      </label>
      <div className={form.row}>
        <DecimalInput
          id={id}
          className={form.input}
          value={value}
          onChange={onChange}
          aria-invalid={error ? true : undefined}
        />
        <button
          type="button"
          className={form.secondary}
          style={{ padding: '0 12px' }}
          onClick={() => onChange(all)}
        >
          <Trans>All</Trans>
        </button>
      </div>
      {error && (
        <span className={form.error} role="alert">
          {fieldReason(i18n, error)}
        </span>
      )}
      <span className={form.hint}>{hint}</span>
    </div>
  )
}
