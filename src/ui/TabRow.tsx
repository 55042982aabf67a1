import type { ButtonHTMLAttributes, ReactNode } from 'react'

type TabAttributes = ButtonHTMLAttributes<HTMLButtonElement> & {
  [data: `data-${string}`]: string | number | undefined
}

/**
 * A tab list: one `role="tab"` button a value, the selected one `aria-selected`. The sign-in and
 * password forms' "e-mail or phone", a ticket's sides, a list's categories. `options` pairs each
 * value with its label; `tabClass` is every tab's class, or a function of whether it is selected;
 * `tabProps` adds attributes (test ids, data) to one tab. Anything in `children` follows the tabs.
 */
export function TabRow<V extends string>({
  label,
  value,
  options,
  onChange,
  className,
  tabClass,
  testId,
  tabProps,
  children,
}: {
  label?: string
  value: V | undefined
  options: readonly (readonly [V, ReactNode])[]
  onChange: (v: V) => void
  className?: string
  tabClass?: string | ((selected: boolean, v: V) => string | undefined)
  /** Each tab's `data-testid` is this, a dash and its value. */
  testId?: string
  tabProps?: (v: V) => TabAttributes
  children?: ReactNode
}) {
  return (
    <div className={className} role="tablist" aria-label={label}>
      {options.map(([v, text]) => (
        <button
          key={v}
          type="button"
          role="tab"
          aria-selected={value === v}
          className={typeof tabClass === 'function' ? tabClass(value === v, v) : tabClass}
          data-testid={testId && `${testId}-${v}`}
          {...tabProps?.(v)}
          onClick={() => onChange(v)}
        >
          {text}
        </button>
      ))}
      {children}
    </div>
  )
}
