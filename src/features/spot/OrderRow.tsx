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

/** An order type's name (a triggered conditional order keeps its type). */
export function useTypeName() {
  const { t } = useLingui()
  return (type: SpotOrder['type']) =>
    ({
      limit: t`Limit`,
      market: t({ message: 'Market', context: 'order type' }),
      stop_limit: t`Stop-limit`,
      stop_market: t`Stop-market`,
      take_profit_limit: t`Take-profit`,
      take_profit_market: t`Take-profit`,
      trailing_stop: t`Trailing stop`,
    })[type]
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
  const { amount, percent } = useFormat()
  const status = useStatusText()
  const typeName = useTypeName()
  const conditional = o.triggerPrice != null || o.callbackRate != null
  // A conditional order's state: waiting, triggered (then as any order), cancelled or expired.
  const state =
    o.status === 'waiting' || o.status === 'cancelled' || o.status === 'expired'
      ? status(o.status)
      : o.triggeredAt
        ? t`Triggered`
        : status(o.status)
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
        <span className={styles.orderType}>{o.ocoId ? t`OCO` : typeName(o.type)}</span>
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
        {conditional && (
          <div data-testid="order-trigger">
            <dt>{o.callbackRate != null ? t`Callback rate` : t`Trigger price`}</dt>
            <dd className={styles.orderTrigger}>
              {o.callbackRate != null ? percent(String(o.callbackRate / 100)) : amount(o.triggerPrice ?? '0')}
            </dd>
          </div>
        )}
        {conditional && (
          <div
            data-testid="order-state"
            data-state={o.status === 'waiting' ? 'waiting' : o.triggeredAt ? 'triggered' : o.status}
          >
            <dt>{t`State`}</dt>
            <dd>{state}</dd>
          </div>
        )}
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
