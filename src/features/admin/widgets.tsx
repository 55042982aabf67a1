import { reasonSchema } from '@common/admin/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useId, useState } from 'react'
import * as v from 'valibot'
import { usePrivateImage } from '@/lib/http/use-private-image'
import styles from './Admin.module.css'

/** Previous / next over a paged list. */
export function Pager({
  page,
  total,
  size,
  onPage,
}: {
  page: number
  total: number
  size: number
  onPage: (p: number) => void
}) {
  const { t } = useLingui()
  const pages = Math.max(1, Math.ceil(total / size))
  if (pages <= 1) return null
  return (
    <nav className={styles.pager} aria-label={t`Pages`}>
      <button type="button" className={styles.btn} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Previous</Trans>
      </button>
      <span className={styles.muted}>
        {page} / {pages}
      </span>
      <button type="button" className={styles.btn} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  )
}

/** One column of a {@link DataTable}. */
export interface Column<T> {
  /** Header on wide screens, the row's label on phones; unique within a table. */
  label: string
  cell: (row: T) => ReactNode
  /** Figures: right-aligned in the table. */
  num?: boolean
  /** Extra class for the cell, e.g. a status colour. */
  className?: (row: T) => string | undefined
}

// An empty cell would leave a card line with a label and nothing after it.
const orDash = (v: ReactNode): ReactNode => (v === '' || v === null || v === undefined ? '—' : v)

/**
 * Every list of the console: a table on wide screens, one stacked card per row (label: value) on
 * phones, so nothing scrolls sideways. One DOM for both (a CSS switch), so table semantics stay.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  hidden,
}: {
  label: string
  columns: readonly Column<T>[]
  rows: readonly T[] | undefined
  rowKey: (row: T) => string | number
  hidden?: boolean
}) {
  const cls = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined
  return (
    <div className={styles.tableWrap} hidden={hidden}>
      <table className={styles.table} aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.num ? styles.num : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows?.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c) => (
                <td key={c.label} className={cls(c.num && styles.num, c.className?.(r))}>
                  {/* The header already names the cell for assistive technology. */}
                  <span className={styles.cellLabel} aria-hidden="true">
                    {c.label}
                  </span>
                  <div className={styles.cellValue}>{orDash(c.cell(r))}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * A decision that needs a reason (reject, freeze, reset...): the button opens a reason field and a
 * confirm button; the reason is checked with the server's own schema.
 */
export function ReasonAction({
  label,
  confirmLabel,
  danger,
  onConfirm,
}: {
  label: string
  confirmLabel: string
  danger?: boolean
  onConfirm: (reason: string) => Promise<unknown>
}) {
  const { t } = useLingui()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  if (!open)
    return (
      <button type="button" className={danger ? styles.btnDanger : styles.btn} onClick={() => setOpen(true)}>
        {label}
      </button>
    )
  const submit = async () => {
    const parsed = v.safeParse(reasonSchema, reason)
    if (!parsed.success) {
      setError(t`Give a reason (2 to 200 characters)`)
      return
    }
    setBusy(true)
    try {
      await onConfirm(parsed.output)
      setOpen(false)
      setReason('')
    } catch {
      // Shown by the http layer.
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={styles.filters}>
      <label htmlFor={id} className={styles.muted}>
        {t`Reason`}
      </label>
      <input
        id={id}
        className={`${styles.input} ${styles.grow}`}
        value={reason}
        maxLength={200}
        aria-invalid={error !== ''}
        onChange={(e) => {
          setReason(e.target.value)
          setError('')
        }}
      />
      <button
        type="button"
        className={danger ? styles.btnDanger : styles.btnPrimary}
        disabled={busy}
        onClick={() => void submit()}
      >
        {confirmLabel}
      </button>
      <button type="button" className={styles.btn} onClick={() => setOpen(false)}>
        <Trans>Cancel</Trans>
      </button>
      {error && (
        <span className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  )
}

/** An upload (identity photo, voucher) fetched with the operator's token; opens full size on click. */
export function AuthedPhoto({ path, label }: { path: string | null; label: string }) {
  const src = usePrivateImage(path)
  if (!path) return <span className={styles.muted}>—</span>
  return src ? (
    <a href={src} target="_blank" rel="noreferrer">
      <img src={src} alt={label} className={styles.photo} />
    </a>
  ) : (
    <span className={styles.photo} role="img" aria-label={label} />
  )
}

export function dateTime(ms: number | null, locale: string): string {
  return ms ? new Date(ms).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : '—'
}

/** Previous / next for lists that only say whether more follow. */
export function MorePager({
  page,
  hasMore,
  onPage,
}: {
  page: number
  hasMore: boolean
  onPage: (p: number) => void
}) {
  const { t } = useLingui()
  if (page <= 1 && !hasMore) return null
  return (
    <nav className={styles.pager} aria-label={t`Pages`}>
      <button type="button" className={styles.btn} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Previous</Trans>
      </button>
      <span className={styles.muted}>{page}</span>
      <button type="button" className={styles.btn} disabled={!hasMore} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  )
}

/** A labelled decimal input of a console form (fees, minimums, rates). */
export function DecimalField({
  label,
  value,
  size = 10,
  onChange,
}: {
  label: string
  value: string
  size?: number
  onChange: (value: string) => void
}) {
  return (
    <label className={styles.muted}>
      {label}
      <input
        className={styles.input}
        value={value}
        inputMode="decimal"
        size={size}
        onChange={(e) => onChange(e.target.value.trim())}
      />
    </label>
  )
}
