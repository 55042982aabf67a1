import { useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import styles from './SelectSheet.module.css'
import { Sheet } from './Sheet'

export interface SelectOption {
  value: string
  label: string
  /** A second, quieter line (a coin's name, a network's fee, an address's note). */
  hint?: string
  /** What the closed picker shows when it is narrower than the label (a dial code for "+1 United States"). */
  short?: string
  icon?: ReactNode
  disabled?: boolean
}

/**
 * The app's own picker in place of a native <select>: a button that shows the current choice and opens a
 * bottom sheet listing the options as a radio group (arrow keys, Home/End move; Enter/Space choose;
 * Escape closes). The sheet is portalled to <body> so a wrapping <label> does not re-trigger the button.
 */
export function SelectSheet({
  label,
  value,
  options,
  onChange,
  placeholder,
  testId,
  className,
  disabled,
  search,
  compact,
  id,
}: {
  /** The field's name: the sheet's title and the button's accessible name (with the current choice). */
  label: string
  value: string
  options: SelectOption[]
  onChange: (value: string) => void
  placeholder?: string
  testId?: string
  className?: string
  disabled?: boolean
  /** Placeholder of a search box above the list (long lists: coins, countries). */
  search?: string
  /** A smaller trigger for filter bars. */
  compact?: boolean
  /** For a <label htmlFor> outside (clicking the label opens the sheet). */
  id?: string
}) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const current = options.find((o) => o.value === value)
  const shown = current?.label ?? placeholder ?? ''
  return (
    <>
      <button
        type="button"
        id={id}
        className={`${styles.trigger} ${compact ? styles.compact : ''} ${className ?? ''}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={shown ? `${label}: ${shown}` : label}
        data-testid={testId}
        data-value={value}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {current?.icon && <span className={styles.icon}>{current.icon}</span>}
        <span className={current ? styles.value : styles.placeholder}>{current?.short ?? shown}</span>
        <svg className={styles.chevron} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open &&
        createPortal(
          <Sheet
            title={label}
            onClose={() => setOpen(false)}
            closeLabel={t`Close`}
            testId={testId ? `${testId}-sheet` : undefined}
          >
            <OptionList
              label={label}
              value={value}
              options={options}
              search={search}
              onPick={(v) => {
                setOpen(false)
                if (v !== value) onChange(v)
              }}
            />
          </Sheet>,
          document.body,
        )}
    </>
  )
}

function OptionList({
  label,
  value,
  options,
  search,
  onPick,
}: {
  label: string
  value: string
  options: SelectOption[]
  search?: string
  onPick: (v: string) => void
}) {
  const { t } = useLingui()
  const [q, setQ] = useState('')
  const listRef = useRef<HTMLDivElement>(null)
  const searchId = useId()
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase()
    if (!needle) return options
    return options.filter(
      (o) => o.label.toLowerCase().includes(needle) || o.hint?.toLowerCase().includes(needle),
    )
  }, [options, q])

  // Focus the chosen option when the sheet opens (or the search box for long lists).
  useEffect(() => {
    if (search) return
    const el =
      listRef.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]') ??
      listRef.current?.querySelector<HTMLButtonElement>('[role="radio"]')
    el?.focus()
  }, [search])

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [
      ...(listRef.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]:not(:disabled)') ?? []),
    ]
    if (!items.length) return
    const at = items.indexOf(document.activeElement as HTMLButtonElement)
    let next = -1
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') next = at < 0 ? 0 : (at + 1) % items.length
    else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft')
      next = at < 0 ? items.length - 1 : (at - 1 + items.length) % items.length
    else if (e.key === 'Home') next = 0
    else if (e.key === 'End') next = items.length - 1
    if (next < 0) return
    e.preventDefault()
    items[next]?.focus()
  }

  return (
    <>
      {search && (
        <input
          id={searchId}
          type="search"
          className={styles.search}
          placeholder={search}
          aria-label={search}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault()
              listRef.current?.querySelector<HTMLButtonElement>('[role="radio"]:not(:disabled)')?.focus()
            }
          }}
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the search box is the point of opening a long list
          autoFocus
        />
      )}
      <div role="radiogroup" aria-label={label} className={styles.list} ref={listRef} onKeyDown={onKey}>
        {shown.map((o) => {
          const checked = o.value === value
          return (
            // biome-ignore lint/a11y/useSemanticElements: see the radiogroup above
            <button
              key={o.value}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked || (!shown.some((x) => x.value === value) && o === shown[0]) ? 0 : -1}
              className={styles.option}
              disabled={o.disabled}
              data-value={o.value}
              onClick={() => onPick(o.value)}
            >
              {o.icon && <span className={styles.icon}>{o.icon}</span>}
              <span className={styles.optionText}>
                <span className={styles.optionLabel}>{o.label}</span>
                {o.hint && <span className={styles.optionHint}>{o.hint}</span>}
              </span>
              {checked && (
                <svg className={styles.check} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path
                    d="M5 12.5l4.5 4.5L19 7.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              )}
            </button>
          )
        })}
        {shown.length === 0 && <p className={styles.empty}>{t`No matches`}</p>}
      </div>
    </>
  )
}
