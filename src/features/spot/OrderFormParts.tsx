import { mul, round } from '@common/money/decimal'
import { feeEstimate, upperRate } from '@common/spot/rules'
import type { SpotBalances, SpotOrderType, SpotSide } from '@common/spot/schema'
import { useLingui } from '@lingui/react/macro'
import { useFormat } from '@/lib/format/use-format'
import { DecimalInput } from '@/ui/DecimalInput'
import styles from './Spot.module.css'
import { validNum } from './ticket'

const PERCENTS = [0, 25, 50, 75, 100] as const

/** A labelled decimal input of the order form (price, amount, total). */
export function DecimalField(props: {
  id: string
  label: string
  testId: string
  value: string
  onChange: (v: string) => void
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <DecimalInput id={props.id} data-testid={props.testId} value={props.value} onChange={props.onChange} />
    </div>
  )
}

/** One segment of a segmented control: a real radio button (arrow keys move between them). */
export const segment = (
  name: string,
  value: string,
  checked: boolean,
  label: string,
  onPick: () => void,
  testId: string,
) => (
  <label data-value={value} data-testid={testId}>
    <input type="radio" name={name} value={value} checked={checked} onChange={onPick} />
    <span>{label}</span>
  </label>
)

/** The share of the available balance: a native range snapping to 0/25/50/75/100 %, marks below. */
export function AmountSlider({
  id,
  pct,
  disabled,
  onPick,
}: {
  id: string
  pct: number
  disabled: boolean
  onPick: (p: number) => void
}) {
  const { t } = useLingui()
  const { percent } = useFormat()
  const pctText = (p: number) => percent(String(p), { dp: 0 })
  return (
    <div className={styles.slider} style={{ '--pct': `${pct}%` } as React.CSSProperties}>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={25}
        value={pct}
        list={`${id}-marks`}
        disabled={disabled}
        aria-label={t`Share of available balance`}
        aria-valuetext={pctText(pct)}
        data-testid="amount-slider"
        onChange={(e) => onPick(Number(e.target.value))}
      />
      <datalist id={`${id}-marks`}>
        {PERCENTS.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <div className={styles.sliderMarks} aria-hidden="true">
        {PERCENTS.map((p) => (
          <span key={p} data-on={p <= pct}>
            {pctText(p)}
          </span>
        ))}
      </div>
    </div>
  )
}

/**
 * The figures under the sizes: a limit order's total, the available balance, the most the order
 * can buy or sell, and the fee estimate. A limit order may fill as maker or taker (the higher
 * rate, "at most"); a market order is a taker (an estimate at the last price when it sells an amount).
 */
export function OrderFigures(props: {
  side: SpotSide
  type: SpotOrderType
  amount: string
  total: string
  limitTotal: string | null
  last: string | undefined
  balance: SpotBalances | undefined
  maxBase: string | null
  pp: number
  ap: number
  base: string
  quote: string
}) {
  const { t } = useLingui()
  const { amount: fmt, asset, percent } = useFormat()
  const { side, type, balance, pp, base, quote, limitTotal } = props
  const marketBuy = type === 'market' && side === 'buy'
  const available = side === 'buy' ? balance?.quote : balance?.base
  const rates = balance?.feeRates
  const feeRate = rates ? (type === 'limit' ? upperRate(rates.maker, rates.taker) : rates.taker) : undefined
  const feeBase =
    type === 'limit'
      ? limitTotal
      : marketBuy
        ? validNum(props.total)
          ? props.total
          : null
        : validNum(props.amount) && validNum(props.last)
          ? mul(props.amount, props.last)
          : null
  const fee = feeRate && feeBase ? feeEstimate(feeBase, feeRate, pp, marketBuy) : null
  // A fee rate "0.001" reads 0.1 %, with at most 4 decimals and no trailing zeros.
  const percentText = (rate: string) => {
    const p = round(mul(rate, '100'), 4)
    return percent(p, { dp: p.split('.')[1]?.length ?? 0 })
  }
  return (
    <>
      {type === 'limit' && (
        <div className={styles.line}>
          <span>{t`Total`}</span>
          <span data-testid="order-total">
            {limitTotal ? `${fmt(limitTotal, { dp: pp })} ${quote}` : '--'}
          </span>
        </div>
      )}
      <div className={styles.line}>
        <span>{t`Available`}</span>
        <span data-testid="available">
          {available
            ? `${asset(available.available, available.asset, available.precision)} ${available.asset}`
            : `-- ${side === 'buy' ? quote : base}`}
        </span>
      </div>
      <div className={styles.line}>
        <span>{side === 'buy' ? t`Max buy` : t`Max sell`}</span>
        <span data-testid="max-size">
          {props.maxBase
            ? `${marketBuy ? '≈ ' : ''}${fmt(props.maxBase, { dp: props.ap })} ${base}`
            : `-- ${base}`}
        </span>
      </div>
      <div className={styles.line}>
        <span>
          {t`Est. fee`}
          {feeRate && <small> ({percentText(feeRate)})</small>}
        </span>
        <span data-testid="fee-estimate">
          {fee ? `${type === 'limit' ? '≤' : '≈'} ${fmt(fee, { dp: pp })} ${quote}` : `-- ${quote}`}
        </span>
      </div>
    </>
  )
}
