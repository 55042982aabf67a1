import { useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { Sheet } from '@/ui/Sheet'
import sheet from '@/ui/Sheet.module.css'
import styles from './Contract.module.css'

const PRESETS = [1, 2, 5, 10, 20, 50, 75, 100, 125]

/** Leverage from 1x to the instrument's maximum: a slider, quick picks and steppers. */
export function LeverageSheet({
  max,
  value,
  onPick,
  onClose,
}: {
  max: number
  value: number
  onPick: (n: number) => void
  onClose: () => void
}) {
  const { t } = useLingui()
  const [n, setN] = useState(value)
  const id = useId()
  const clamp = (x: number) => Math.max(1, Math.min(max, Math.round(x)))
  const presets = PRESETS.filter((p) => p < max).concat(max)
  return (
    <Sheet title={t`Leverage`} onClose={onClose} closeLabel={t`Close`} testId="leverage-sheet">
      <div className={styles.levValue}>
        <button
          type="button"
          className={styles.stepper}
          onClick={() => setN(clamp(n - 1))}
          aria-label={t`Less`}
        >
          −
        </button>
        <output htmlFor={id} data-testid="leverage-value">
          {n}x
        </output>
        <button
          type="button"
          className={styles.stepper}
          onClick={() => setN(clamp(n + 1))}
          aria-label={t`More`}
        >
          +
        </button>
      </div>
      <label className="visually-hidden" htmlFor={id}>
        {t`Leverage`}
      </label>
      <input
        id={id}
        type="range"
        min={1}
        max={max}
        step={1}
        value={n}
        className={styles.range}
        onChange={(e) => setN(clamp(Number(e.target.value)))}
      />
      <div className={styles.chips}>
        {presets.map((p) => (
          <button key={p} type="button" aria-pressed={p === n} onClick={() => setN(p)}>
            {p}x
          </button>
        ))}
      </div>
      <p className={styles.hint}>
        {t`Higher leverage needs less margin but a smaller move against you liquidates the position.`}
      </p>
      <button type="button" className={sheet.btnPrimary} data-testid="leverage-ok" onClick={() => onPick(n)}>
        {t`Confirm`}
      </button>
    </Sheet>
  )
}
