import { useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import { CoinIcon } from './CoinIcon'
import { SelectSheet } from './SelectSheet'

export interface CoinChoice {
  code: string
  /** The coin's name or another quiet line (a balance). */
  hint?: string
}

/** A searchable coin picker in a bottom sheet, each coin with its icon. */
export function CoinPicker({
  label,
  value,
  coins,
  onChange,
  testId,
  className,
  disabled,
  placeholder,
  id,
}: {
  label: string
  value: string
  coins: CoinChoice[]
  onChange: (code: string) => void
  testId?: string
  className?: string
  disabled?: boolean
  placeholder?: string
  id?: string
}) {
  const { t } = useLingui()
  const options = useMemo(
    () =>
      coins.map((c) => ({
        value: c.code,
        label: c.code,
        hint: c.hint,
        icon: <CoinIcon code={c.code} size={24} />,
      })),
    [coins],
  )
  return (
    <SelectSheet
      label={label}
      value={value}
      options={options}
      onChange={onChange}
      testId={testId}
      className={className}
      disabled={disabled}
      placeholder={placeholder}
      id={id}
      search={coins.length > 6 ? t`Search coin` : undefined}
    />
  )
}
