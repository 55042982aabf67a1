import type { Instrument } from '@common/market/types'
import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useId } from 'react'
import { tokenAtom } from '@/lib/store'
import { showToast } from '@/ui/feedback'
import { HistoryIcon } from '@/ui/Icons'
import { openOrdersQueryOptions, spotApi, spotKeys } from './api'
import { OrderRow } from './OrderRow'
import styles from './Spot.module.css'

/** The spot ticket's open orders of the pair: cancel one or all, and the way to the order history. */
export function OpenOrders({ symbol, inst }: { symbol: string; inst: Instrument | undefined }) {
  const { t } = useLingui()
  const qc = useQueryClient()
  const token = useAtomValue(tokenAtom)
  const open = useQuery({ ...openOrdersQueryOptions(symbol), enabled: Boolean(token) })
  const titleId = useId()
  const cancel = useMutation({
    mutationFn: spotApi.cancel,
    onSuccess: () => {
      showToast(t`Order cancelled`)
      void qc.invalidateQueries({ queryKey: spotKeys.root })
    },
  })
  const cancelAll = useMutation({
    mutationFn: () => spotApi.cancelAll(symbol),
    onSuccess: () => {
      showToast(t`All orders cancelled`)
      void qc.invalidateQueries({ queryKey: spotKeys.root })
    },
  })
  const openList = open.data ?? []

  return (
    <section className={styles.orders} aria-labelledby={titleId}>
      <div className={styles.ordersHead}>
        <h2 id={titleId} className={styles.ordersTitle} data-testid="open-title" data-count={openList.length}>
          {t`Open orders (${openList.length})`}
        </h2>
        <div className={styles.ordersActions}>
          {openList.length > 0 && (
            <button
              type="button"
              data-testid="cancel-all"
              className={styles.cancelAll}
              onClick={() => cancelAll.mutate()}
              disabled={cancelAll.isPending}
            >
              {t`Cancel all`}
            </button>
          )}
          {token && (
            <Link
              to="/pages/history/index"
              search={{ symbol }}
              className={styles.historyLink}
              data-testid="history-link"
            >
              <HistoryIcon />
              {t`Order history`}
            </Link>
          )}
        </div>
      </div>
      {!token ? (
        <p className={styles.empty}>
          <Link to="/pages/login/index">{t`Log in`}</Link> {t`to see your orders`}
        </p>
      ) : openList.length === 0 ? (
        <p className={styles.empty}>{t`No data`}</p>
      ) : (
        <ul className={styles.orderList} aria-label={t`Open orders`} data-testid="open-orders">
          {openList.map((o) => (
            <OrderRow key={o.id} order={o} instrument={inst} onCancel={() => cancel.mutate(o.id)} />
          ))}
        </ul>
      )}
    </section>
  )
}
