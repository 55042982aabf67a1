import type { C2cOrder } from '@common/c2c/schema'
import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { ChoiceChips } from '@/ui/ChoiceChips'
import { Fields, PagedList, paged, recordLink } from '@/ui/PagedList'
import { PageHeader } from '@/ui/PageHeader'
import { ordersQueryOptions } from './api'
import { ORDER_STATUS, ORDER_TONE } from './labels'
import { useC2cUpdates } from './live'
import styles from './styles'

/** pages/transaction/orders: my C2C orders, open or ended; each opens its detail. */
export function OrdersPage() {
  const { t, i18n } = useLingui()
  const { amount } = useFormat()
  const when = useDateTime()
  useC2cUpdates()
  const [status, setStatus] = useState<'open' | 'done'>('open')
  const q = useInfiniteQuery(ordersQueryOptions(status))
  const items = q.data?.pages.flatMap((p) => p.list) ?? []
  return (
    <>
      <PageHeader title={t`My orders`} backLabel={t`Back`} />
      <div className={styles.page}>
        <ChoiceChips
          label={t`Status`}
          value={status}
          options={[
            ['open', t`In progress`],
            ['done', t`Ended`],
          ]}
          onChange={setStatus}
        />
        <PagedList<C2cOrder>
          {...paged(q)}
          items={items}
          itemKey={(o) => o.id}
          label={t`My orders`}
          testId="c2c-order-list"
          render={(o) => (
            <Link to="/pages/transaction/order" search={{ id: o.id }} className={recordLink}>
              <div className={styles.cardTop}>
                <span className={styles.coin}>
                  {o.role === 'buyer' ? t`Buy ${o.coin}` : t`Sell ${o.coin}`}
                  {o.unread > 0 && <span className={styles.tag}>{t`${o.unread} new`}</span>}
                </span>
                <span className={styles.badge} data-tone={ORDER_TONE[o.status]}>
                  {i18n._(ORDER_STATUS[o.status])}
                </span>
              </div>
              <Fields
                cells={[
                  [t({ message: 'Amount', context: 'fiat sum' }), `${amount(o.amount)} ${o.fiat}`],
                  [t`Quantity`, `${amount(o.quantity)} ${o.coin}`],
                  [t`Price`, `${amount(o.price)} ${o.fiat}`],
                ]}
              />
              <span className={styles.hint}>
                {o.role === 'buyer' ? o.seller.nickname : o.buyer.nickname} · {when(o.createdAt)}
              </span>
            </Link>
          )}
        />
      </div>
    </>
  )
}
