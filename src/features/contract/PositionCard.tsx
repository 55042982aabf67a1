import type { ContractPosition } from '@common/contract/schema'
import { symbolLabel } from '@common/market/symbol'
import { isNegative, mul } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useFormat } from '@/lib/format/use-format'
import styles from './Contract.module.css'
import { livePnl } from './ticket'

export type PositionAction = 'tpsl' | 'close' | 'reverse' | 'share'

/** Display name of a perpetual symbol: BTCUSDT_PERP -> BTCUSDT Perp. */
export function usePerpName() {
  const { t } = useLingui()
  // One display form of a pair everywhere (common/market/symbol.ts): BTCUSDT_PERP -> "BTC/USDT Perp".
  return (symbol: string) => t`${symbolLabel(symbol)} Perp`
}

/**
 * One open position with the fields of docs/spec.md section 3. PnL and PnL % follow the live index
 * price (`mark`) between the server's own updates.
 */
export function PositionCard({
  p,
  mark,
  pricePrecision,
  onAction,
}: {
  p: ContractPosition
  mark: string | undefined
  pricePrecision?: number
  onAction: (a: PositionAction) => void
}) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const perp = usePerpName()
  const live = mark ? livePnl(p, mark) : { pnl: p.unrealizedPnl, percent: p.pnlPercent }
  const trend = isNegative(live.pnl) ? 'down' : 'up'
  const price = (x: string | null) => (x ? amount(x, { dp: pricePrecision }) : '--')
  const usdt = (x: string) => amount(x, { dp: 2 })
  const cells: [string, string, string?][] = [
    [t`Lots`, amount(p.lots), 'pos-lots'],
    [t`Avg. open price`, price(p.avgOpenPrice)],
    [t`Mark price`, price(mark ?? p.markPrice), 'pos-mark'],
    [t`Est. liq. price`, price(p.liquidationPrice)],
    [t`Margin`, usdt(p.margin)],
    [t`Fee`, usdt(p.fee)],
    [t`Settled income`, usdt(p.settledIncome)],
    [t`Risk rate`, `${amount(p.riskRate, { dp: 2 })}%`],
    [t`Funding rate`, `${amount(mul(p.fundingRate, '100'), { dp: 4 })}%`],
    [t`Take profit`, price(p.tp), 'pos-tp'],
    [t`Stop loss`, price(p.sl), 'pos-sl'],
  ]
  return (
    <li className={styles.position} data-testid="position" data-side={p.side} data-symbol={p.symbol}>
      <div className={styles.posTop}>
        <span className={styles.sideTag} data-side={p.side}>
          {p.side === 'long' ? t`Long` : t`Short`}
        </span>
        <strong>{perp(p.symbol)}</strong>
        <span className={styles.tag}>
          {t`Cross`} {p.leverage}x
        </span>
      </div>
      <div className={styles.pnlRow}>
        <div>
          <span className={styles.label}>{t`Unrealized PnL (USDT)`}</span>
          <span className={styles.pnl} data-trend={trend} data-testid="pos-pnl">
            {usdt(live.pnl)}
          </span>
        </div>
        <div className={styles.right}>
          <span className={styles.label}>{t`PnL %`}</span>
          <span className={styles.pnl} data-trend={trend} data-testid="pos-pnl-percent">
            {amount(live.percent, { dp: 2 })}%
          </span>
        </div>
      </div>
      <dl className={styles.grid3}>
        {cells.map(([label, value, id]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={id}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.posActions}>
        <button type="button" data-testid="pos-tpsl" onClick={() => onAction('tpsl')}>
          {t`TP/SL`}
        </button>
        <button type="button" data-testid="pos-close" onClick={() => onAction('close')}>
          {t({ message: 'Close', context: 'position' })}
        </button>
        <button type="button" data-testid="pos-reverse" onClick={() => onAction('reverse')}>
          {t`Reverse`}
        </button>
        <button type="button" data-testid="pos-share" onClick={() => onAction('share')}>
          {t`Share`}
        </button>
      </div>
    </li>
  )
}
