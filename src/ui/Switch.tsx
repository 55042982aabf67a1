import styles from './Switch.module.css'

interface Props {
  checked: boolean
  onChange: (checked: boolean) => void
  label: string
}

/** An accessible on/off switch (role=switch on a real button). */
export function Switch({ checked, onChange, label }: Props) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className={styles.switch}
      onClick={() => onChange(!checked)}
    >
      <span className={styles.knob} />
    </button>
  )
}
