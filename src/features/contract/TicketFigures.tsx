import type { ContractInstrument, ContractSide } from '@common/contract/schema'
import { mul } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useFormat } from '@/lib/format/use-format'
import { Stat } from '@/ui/Stat'
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
      <Stat label={t`Available`} data-testid="available">
        {available ? `${asset(available, 'USDT')} USDT` : '-- USDT'}
      </Stat>
      <Stat label={t`Cost`} data-testid="cost">
        {cost ? `${fmt(cost, { dp: 2, mode: 'up' })} USDT` : '--'}
      </Stat>
      <Stat label={side === 'long' ? t`Max long` : t`Max short`} data-testid="max-lots">
        {maxLots !== null ? t`${maxLots} lots` : '--'}
      </Stat>
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
