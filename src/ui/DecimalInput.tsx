import { type InputHTMLAttributes, useState } from 'react'
import { fromFieldText, toFieldText } from '@/lib/format/decimal-input'
import { useFormat } from '@/lib/format/use-format'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  /** Canonical decimal text ("1234.5"), as the form keeps and the server takes it. */
  value: string
  onChange: (value: string) => void
}

/**
 * An amount or price field in the UI language's number format (src/lib/format/decimal-input.ts):
 * its decimal sign while typing, grouped like the figures around it once it loses focus. The form
 * only ever sees canonical text.
 */
export function DecimalInput({ value, onChange, onFocus, onBlur, ...rest }: Props) {
  const { locale } = useFormat()
  const [focused, setFocused] = useState(false)
  return (
    <input
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={toFieldText(value, locale, !focused)}
      onFocus={(e) => {
        setFocused(true)
        onFocus?.(e)
      }}
      onBlur={(e) => {
        setFocused(false)
        onBlur?.(e)
      }}
      onChange={(e) => onChange(fromFieldText(e.target.value, locale))}
    />
  )
}
