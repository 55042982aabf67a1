import styles from './Console.module.css'

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
