import { symbolLabel } from '@common/market/symbol'
import type { Instrument } from '@common/market/types'
import { mul } from '@common/money/decimal'
import type { SpotOrder } from '@common/spot/schema'
import { useLingui } from '@lingui/react/macro'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import styles from './Spot.module.css'

export function useStatusText() {
  const { t } = useLingui()
  return (s: SpotOrder['status']) =>
    ({
      open: t`Open`,
      partial: t`Partially filled`,
      filled: t`Filled`,
      cancelled: t`Cancelled`,
      waiting: t`Waiting`,
      expired: t`Expired`,
    })[s]
}

/** One order: side and pair, type, time, price, amount, filled; open ones can be cancelled. */
export function OrderRow({
  order: o,
  instrument,
  onCancel,
}: {
  order: SpotOrder
  instrument?: Instrument
  onCancel?: () => void
}) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const status = useStatusText()
  const dateTime = useDateTime()
  const pair =
    instrument && instrument.symbol === o.symbol
      ? `${instrument.base}/${instrument.quote}`
      : symbolLabel(o.symbol)
  return (
    <li className={styles.order} data-testid="order-row" data-status={o.status}>
      <div className={styles.orderTop}>
        <span className={styles.orderSide} data-side={o.side}>
          {o.side === 'buy' ? t`Buy` : t`Sell`}
        </span>
        <span className={styles.orderPair}>{pair}</span>
        <span className={styles.orderType}>
          {o.type === 'limit' ? t`Limit` : t({ message: 'Market', context: 'order type' })}
        </span>
        <time className={styles.orderTime} dateTime={new Date(o.createdAt).toISOString()}>
          {dateTime(o.createdAt)}
        </time>
        {onCancel ? (
          <button
            type="button"
            data-testid="cancel-order"
            className={styles.cancel}
            onClick={onCancel}
            aria-label={t`Cancel order ${o.id}`}
          >
            {t`Cancel`}
          </button>
        ) : (
          <span className={styles.orderStatus}>{status(o.status)}</span>
        )}
      </div>
      <dl className={styles.orderGrid}>
        <div>
          <dt>{t`Price`}</dt>
          <dd>{o.price ? amount(o.price) : t({ message: 'Market', context: 'order type' })}</dd>
        </div>
        <div>
          <dt>{o.amount ? t`Amount` : t`Total`}</dt>
          <dd>{o.amount ? amount(o.amount) : amount(o.quoteAmount ?? '0')}</dd>
        </div>
        <div>
          <dt>{t`Filled`}</dt>
          <dd>{amount(o.filled)}</dd>
        </div>
        <div>
          <dt>{t`Avg. price`}</dt>
          <dd>{o.avgPrice ? amount(o.avgPrice) : '--'}</dd>
        </div>
        {o.price && o.amount && (
          <div>
            <dt>{t`Total`}</dt>
            <dd>{amount(mul(o.price, o.amount))}</dd>
          </div>
        )}
        <div>
          <dt>{t`Order No.`}</dt>
          <dd>{o.id}</dd>
        </div>
        <div className={styles.orderWide}>
          <dt>{t`Updated`}</dt>
          <dd>
            <time dateTime={new Date(o.updatedAt).toISOString()}>{dateTime(o.updatedAt)}</time>
          </dd>
        </div>
      </dl>
    </li>
  )
}
