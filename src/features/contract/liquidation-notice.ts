import type { Liquidation } from '@common/contract/schema'
import { useLingui } from '@lingui/react/macro'
import { useFormat } from '@/lib/format/use-format'
import { alert } from '@/ui/feedback'
import { usePerpName } from './PositionCard'

/** The liquidation notice: which position, at which index price. */
export function useLiquidationNotice() {
  const { t } = useLingui()
  const { amount } = useFormat()
  const perp = usePerpName()
  return (l: Liquidation) => {
    const name = perp(l.symbol)
    const lots = l.lots
    const price = amount(l.indexPrice)
    void alert(
      l.side === 'long'
        ? t`Your ${name} long position (${lots} lots) was liquidated: the index price reached ${price}.`
        : t`Your ${name} short position (${lots} lots) was liquidated: the index price reached ${price}.`,
    )
  }
}
