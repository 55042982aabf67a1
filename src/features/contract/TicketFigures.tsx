import type { ContractInstrument, ContractSide } from '@common/contract/schema'
import { mul } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useFormat } from '@/lib/format/use-format'
import styles from './Contract.module.css'

/** The ticket's figures: available margin, the order's cost, the most lots it can open, the liquidation fee. */
export function TicketFigures({
  inst,
  side,
  available,
  cost,
  maxLots,
}: {
  inst: ContractInstrument | undefined
  side: ContractSide
  available: string | undefined
  /** Margin plus the opening fee, USDT. */
  cost: string | null
  maxLots: number | null
}) {
  const { t } = useLingui()
  const { amount: fmt, asset, percent } = useFormat()
  return (
    <dl className={styles.lines}>
      <div>
        <dt>{t`Available`}</dt>
        <dd data-testid="available">{available ? `${asset(available, 'USDT')} USDT` : '-- USDT'}</dd>
      </div>
      <div>
        <dt>{t`Cost`}</dt>
        <dd data-testid="cost">{cost ? `${fmt(cost, { dp: 2, mode: 'up' })} USDT` : '--'}</dd>
      </div>
      <div>
        <dt>{side === 'long' ? t`Max long` : t`Max short`}</dt>
        <dd data-testid="max-lots">{maxLots !== null ? t`${maxLots} lots` : '--'}</dd>
      </div>
      <div>
        <dt>{t`Liquidation fee`}</dt>
        <dd
          data-testid="liquidation-fee"
          title={t`If this position is liquidated, this share of its value goes to the risk protection fund`}
        >
          {/* The liquidation clearance fee's rate (docs/products/perpetual.md, "Risk protection fund"). */}
          {inst ? percent(mul(inst.liquidationFee, '100'), { dp: 2 }) : '--'}
        </dd>
      </div>
    </dl>
  )
}
