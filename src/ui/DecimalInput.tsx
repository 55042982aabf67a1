import type { InputHTMLAttributes } from 'react'
import { fromFieldText, toFieldText } from '@/lib/format/decimal-input'
import { useFormat } from '@/lib/format/use-format'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  /** Canonical decimal text ("1234.5"), as the form keeps and the server takes it. */
  value: string
  onChange: (value: string) => void
}

/**
 * An amount or price field with the UI language's decimal sign (src/lib/format/decimal-input.ts);
 * the form only ever sees canonical text. Not grouped: the text never changes length under the
 * caret or a selection, so select-and-type and editing in the middle behave as in any field.
 */
export function DecimalInput({ value, onChange, ...rest }: Props) {
  const { locale } = useFormat()
  return (
    <input
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={toFieldText(value, locale)}
      onChange={(e) => onChange(fromFieldText(e.target.value, locale))}
    />
  )
}
