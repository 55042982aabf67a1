import type { OptionRound } from '@common/option/schema'
import { useLingui } from '@lingui/react/macro'
import { useTime } from '@/lib/format/use-date-time'
import styles from './Option.module.css'
import { countdown } from './view'

/** The round's clock: orders close in, the start time, delivery in. */
export function RoundClock({ round: r, now }: { round: OptionRound; now: number }) {
  const { t } = useLingui()
  const time = useTime()
  return (
    <div className={styles.clock} data-testid="option-clock">
      <div>
        <span className={styles.muted}>{t`Orders close in`}</span>
        <strong data-testid="option-cutoff">{countdown(r.cutoffAt - now)}</strong>
      </div>
      <div>
        <span className={styles.muted}>{t`Starts`}</span>
        <strong>{time(r.startAt)}</strong>
      </div>
      <div>
        <span className={styles.muted}>{t`Delivery in`}</span>
        <strong>{countdown(r.deliveryAt - now)}</strong>
      </div>
    </div>
  )
}

/** The round clock's place while the rounds load (same boxes, dashes). */
export function ClockPlaceholder() {
  return (
    <div className={styles.clock} aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i}>
          <span className={styles.muted}>{'\u00a0'}</span>
          <strong>--</strong>
        </div>
      ))}
    </div>
  )
}

/** Blank, inert buttons of the real ones' size: the place of tabs or chips not yet known. */
export function Placeholders({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: fixed blanks, never reordered
    <button key={i} type="button" disabled tabIndex={-1} aria-hidden="true" className={styles.blank}>
      <strong>{'\u00a0'}</strong>
      <span>{'\u00a0'}</span>
    </button>
  ))
}
