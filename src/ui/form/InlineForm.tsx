import type { FormEvent, ReactNode } from 'react'
import form from './Form.module.css'

/**
 * A form inside a page's content (no page padding of its own), named by `label`; with `heading`
 * the label also stands as its title.
 */
export function InlineForm({
  label,
  heading,
  onSubmit,
  children,
}: {
  label: string
  heading?: boolean
  onSubmit: (e: FormEvent) => void
  children: ReactNode
}) {
  return (
    <form className={form.page} style={{ padding: 0 }} onSubmit={onSubmit} noValidate aria-label={label}>
      {heading && <h2 className={form.label}>{label}</h2>}
      {children}
    </form>
  )
}
