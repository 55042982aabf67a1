import type { ReactNode } from 'react'
import styles from './Product.module.css'

/**
 * A row of chips of which one is pressed: a list's state filter (my orders, loans, tickets), a coin,
 * a direction. `options` pairs each value with its label; `undefined` may stand for "All". The row is
 * named by `label`, by a `legend` (hidden by `classes.legend`), or by the element `labelledBy`.
 */
export function ChoiceChips<V extends string | undefined>({
  label,
  legend,
  labelledBy,
  value,
  options,
  onChange,
  disabled,
  testId,
  classes = styles,
}: {
  label?: string
  legend?: ReactNode
  labelledBy?: string
  value: V
  options: readonly (readonly [V, string])[]
  onChange: (v: V) => void
  disabled?: boolean
  /** Each chip's `data-testid` is this, a dash and its value. */
  testId?: string
  /** The row's, the chips' and the legend's classes (`tabs`, `tab`, `legend`): the product screens' look unless given. */
  classes?: { tabs?: string; tab?: string; legend?: string }
}) {
  return (
    <fieldset className={classes.tabs} aria-label={label} aria-labelledby={labelledBy} disabled={disabled}>
      {legend !== undefined && <legend className={classes.legend}>{legend}</legend>}
      {options.map(([v, text]) => (
        <button
          key={v ?? ''}
          type="button"
          className={classes.tab}
          aria-pressed={value === v}
          onClick={() => onChange(v)}
          data-testid={testId && `${testId}-${v}`}
        >
          {text}
        </button>
      ))}
    </fieldset>
  )
}
