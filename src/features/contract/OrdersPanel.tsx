import type { Page } from '@common/api/page'
import type { ContractOrder } from '@common/contract/schema'
import { useLingui } from '@lingui/react/macro'
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { useState } from 'react'
import { Confirm } from '@/ui/Sheet'
import { contractApi } from './api'
import styles from './Contract.module.css'
import { ContractOrderRow } from './ContractOrderRow'
import { useMineMutation } from './use-mine-mutation'

/** Current (open) contract orders with cancel and cancel-all. */
export function OpenOrders({ orders, symbol }: { orders: ContractOrder[]; symbol: string }) {
  const { t } = useLingui()
  const [asking, setAsking] = useState(false)
  const cancel = useMineMutation(contractApi.cancel, () => t`Order cancelled`)
  const cancelAll = useMineMutation(
    () => contractApi.cancelAll(symbol),
    () => t`All orders cancelled`,
    { after: () => setAsking(false) },
  )
  return (
    <>
      {orders.length > 0 && (
        <div className={styles.listTools}>
          <button
            type="button"
            className={styles.small}
            data-testid="cancel-all"
            onClick={() => setAsking(true)}
          >
            {t`Cancel all`}
          </button>
        </div>
      )}
      {orders.length === 0 ? (
        <p className={styles.empty}>{t`No data`}</p>
      ) : (
        <ul className={styles.plain} aria-label={t`Current orders`} data-testid="open-orders">
          {orders.map((o) => (
            <ContractOrderRow key={o.id} o={o} onCancel={() => cancel.mutate(o.id)} />
          ))}
        </ul>
      )}
      {asking && (
        <Confirm
          title={t`Cancel all orders`}
          text={t`Cancel all ${orders.length} open orders of this contract?`}
          confirmLabel={t`Cancel all`}
          cancelLabel={t`Back`}
          busy={cancelAll.isPending}
          onConfirm={() => cancelAll.mutate()}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  )
}

/** Finished orders, newest first; the page loads more when its end comes near. */
export function HistoryOrders({
  query,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<ContractOrder>>>
}) {
  const { t } = useLingui()
  const list = (query.data?.pages.flatMap((p) => p.list) ?? []).filter(
    (o) => o.status === 'filled' || o.status === 'cancelled',
  )
  if (query.isPending) return null
  return (
    <>
      {list.length === 0 ? (
        <p className={styles.empty}>{t`No data`}</p>
      ) : (
        <ul className={styles.plain} aria-label={t`Order history`} data-testid="order-history">
          {list.map((o) => (
            <ContractOrderRow key={o.id} o={o} />
          ))}
        </ul>
      )}
      {list.length > 0 && (
        <p className={styles.more} data-testid="list-end">
          {query.hasNextPage ? t`Loading…` : t`No more`}
        </p>
      )}
    </>
  )
}
