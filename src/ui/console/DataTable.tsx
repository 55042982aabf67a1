import type { ReactNode } from 'react'
import styles from './Console.module.css'

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
