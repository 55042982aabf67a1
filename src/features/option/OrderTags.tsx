import type { OptionOrder } from '@common/option/schema'
import { useOptionFormat, useOptionLabels } from './labels'
import styles from './Option.module.css'

/** An order's head tags: its kind (rise, fall, flat), the pair and the period. */
export function OrderTags({ o }: { o: Pick<OptionOrder, 'type' | 'symbol' | 'period'> }) {
  const of = useOptionFormat()
  const labels = useOptionLabels()
  return (
    <>
      <span className={styles.typeTag} data-kind={o.type}>
        {labels.type(o.type)}
      </span>
      <strong>{of.pair(o.symbol)}</strong>
      <span className={styles.muted}>{labels.period(o.period)}</span>
    </>
  )
}
