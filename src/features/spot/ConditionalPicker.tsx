import { useLingui } from '@lingui/react/macro'
import { CONDITIONAL_KINDS, type ConditionalKind } from './conditional-ticket'
import styles from './Spot.module.css'

/** The conditional kinds' names, one word per meaning (the picker and the order lists). */
export function useConditionalNames(): Record<ConditionalKind, string> {
  const { t } = useLingui()
  return {
    stop_limit: t`Stop-limit`,
    stop_market: t`Stop-market`,
    take_profit: t`Take-profit`,
    oco: t`OCO`,
    trailing: t`Trailing stop`,
  }
}

/** The order-type picker's third place: a select of the conditional kinds (empty: limit or market). */
export function ConditionalPicker({
  kind,
  onPick,
}: {
  kind: ConditionalKind | null
  onPick: (k: ConditionalKind | null) => void
}) {
  const { t } = useLingui()
  const names = useConditionalNames()
  return (
    <label className={styles.condPicker} data-checked={kind !== null} data-testid="type-conditional">
      <span className="visually-hidden">{t`Conditional order type`}</span>
      <select
        value={kind ?? ''}
        onChange={(e) => onPick((e.target.value || null) as ConditionalKind | null)}
        aria-label={t`Conditional order type`}
      >
        <option value="">{t`Stop / TP`}</option>
        {CONDITIONAL_KINDS.map((k) => (
          <option key={k} value={k}>
            {names[k]}
          </option>
        ))}
      </select>
    </label>
  )
}
