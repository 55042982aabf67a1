import type { ContractOrder } from '@common/contract/schema'
import { useLingui } from '@lingui/react/macro'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { Stat } from '@/ui/Stat'
import styles from './Contract.module.css'
import { usePerpName } from './PositionCard'
import { useContractPrice } from './use-contract-price'

export function useOrderLabels() {
  const { t } = useLingui()
  return {
    status: (s: ContractOrder['status']) =>
      ({ open: t`Unfilled`, partial: t`Partly filled`, filled: t`Fully filled`, cancelled: t`Cancelled` })[s],
    action: (o: Pick<ContractOrder, 'side' | 'kind'>) =>
      o.kind === 'open'
        ? o.side === 'long'
          ? t`Open long`
          : t`Open short`
        : o.side === 'long'
          ? t`Close long`
          : t`Close short`,
    source: (s: ContractOrder['source']) =>
      ({
        user: '',
        tp: t`Take profit`,
        sl: t`Stop loss`,
        liquidation: t`Liquidation`,
        reverse: t`Reverse`,
        close_all: t`Close all`,
      })[s],
  }
}

/** One contract order: action, symbol, type, time, price, lots, filled, average; cancel if open. */
export function ContractOrderRow({
  o,
  onCancel,
  bare,
}: {
  o: ContractOrder
  onCancel?: () => void
  /** Inside a list item already (record pages). */
  bare?: boolean
}) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const price = useContractPrice()
  const perp = usePerpName()
  const labels = useOrderLabels()
  const when = useDateTime()
  // The side whose colour the row takes: opening a long and closing a short both buy.
  const buy = (o.kind === 'open') === (o.side === 'long')
  const source = labels.source(o.source)
  const Tag = bare ? 'div' : 'li'
  return (
    <Tag className={bare ? undefined : styles.order} data-testid="order-row" data-status={o.status}>
      <div className={styles.orderTop}>
        <span className={styles.sideText} data-side={buy ? 'long' : 'short'}>
          {labels.action(o)}
        </span>
        <span className={styles.orderPair}>{perp(o.symbol)}</span>
        <span className={styles.muted}>
          {o.type === 'limit' ? t`Limit` : t({ message: 'Market', context: 'order type' })} · {o.leverage}x
          {source ? ` · ${source}` : ''}
        </span>
        {onCancel ? (
          <button
            type="button"
            data-testid="cancel-order"
            className={styles.small}
            onClick={onCancel}
            aria-label={t`Cancel order ${o.id}`}
          >
            {t`Cancel`}
          </button>
        ) : (
          <span className={styles.status}>{labels.status(o.status)}</span>
        )}
      </div>
      <dl className={styles.grid3}>
        <Stat label={t`Price`}>
          {o.price ? price(o.symbol, o.price) : t({ message: 'Market', context: 'order type' })}
        </Stat>
        <Stat label={t`Filled / lots`}>
          {amount(o.filledLots)} / {amount(o.lots)}
        </Stat>
        <Stat label={t`Avg. price`}>{price(o.symbol, o.avgPrice)}</Stat>
        <Stat label={o.kind === 'open' ? t`Margin` : t`Realized PnL`}>
          {amount(o.kind === 'open' ? o.margin : o.realizedPnl, { dp: 2 })}
        </Stat>
        <Stat label={t`Fee`}>{amount(o.fee, { dp: 4 })}</Stat>
        <Stat label={t`Time`}>
          <time dateTime={new Date(o.createdAt).toISOString()}>{when(o.createdAt)}</time>
        </Stat>
      </dl>
    </Tag>
  )
}
