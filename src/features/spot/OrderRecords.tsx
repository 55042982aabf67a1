import { symbolLabel } from '@common/market/symbol'
import type { SpotFill } from '@common/spot/schema'
import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { showToast } from '@/ui/feedback'
import { fillsQueryOptions, historyQueryOptions, openOrdersQueryOptions, spotApi, spotKeys } from './api'
import { OrderRow } from './OrderRow'
import styles from './Spot.module.css'

/** Loads the next page when the sentinel scrolls into view. */
function useSentinel(onVisible: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = ref.current
    if (!el || !active || typeof IntersectionObserver === 'undefined') return
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onVisible()
    })
    io.observe(el)
    return () => io.disconnect()
  }, [onVisible, active])
  return ref
}

export function FillRow({ fill: f }: { fill: SpotFill }) {
  const { t } = useLingui()
  const dateTime = useDateTime()
  const { amount } = useFormat()
  return (
    <li className={styles.order} data-testid="fill-row">
      <div className={styles.orderTop}>
        <span className={styles.orderSide} data-side={f.side}>
          {f.side === 'buy' ? t`Buy` : t`Sell`}
        </span>
        <span className={styles.orderPair}>{symbolLabel(f.symbol)}</span>
        <span className={styles.orderType}>{f.role === 'maker' ? t`Maker` : t`Taker`}</span>
        <time className={styles.orderTime} dateTime={new Date(f.ts).toISOString()}>
          {dateTime(f.ts)}
        </time>
      </div>
      <dl className={styles.orderGrid}>
        <div>
          <dt>{t`Price`}</dt>
          <dd>{amount(f.price)}</dd>
        </div>
        <div>
          <dt>{t`Amount`}</dt>
          <dd>{amount(f.amount)}</dd>
        </div>
        <div>
          <dt>{t`Total`}</dt>
          <dd>{amount(f.quote)}</dd>
        </div>
        <div>
          <dt>{t`Fee`}</dt>
          <dd>{amount(f.fee)}</dd>
        </div>
      </dl>
    </li>
  )
}

export type RecordTab = 'open' | 'orders' | 'fills'

/**
 * The user's spot records under tabs: current (open) orders with cancel, order history and
 * fills, newest first and endless; optionally one pair only.
 */
export function OrderRecords({
  symbol,
  tabs = ['open', 'orders', 'fills'],
}: {
  symbol?: string
  tabs?: RecordTab[]
}) {
  const { t } = useLingui()
  const qc = useQueryClient()
  const [tab, setTab] = useState<RecordTab>(tabs[0] ?? 'orders')
  const open = useQuery({ ...openOrdersQueryOptions(symbol), enabled: tab === 'open' })
  const orders = useInfiniteQuery({ ...historyQueryOptions(symbol), enabled: tab === 'orders' })
  const fills = useInfiniteQuery({ ...fillsQueryOptions(symbol), enabled: tab === 'fills' })
  const cancel = useMutation({
    mutationFn: spotApi.cancel,
    onSuccess: () => {
      showToast(t`Order cancelled`)
      void qc.invalidateQueries({ queryKey: spotKeys.root })
    },
  })
  const paged = tab === 'fills' ? fills : orders
  const sentinel = useSentinel(
    () => {
      if (paged.hasNextPage && !paged.isFetchingNextPage) void paged.fetchNextPage()
    },
    tab !== 'open' && Boolean(paged.hasNextPage),
  )
  const openList = open.data ?? []
  const orderList = orders.data?.pages.flatMap((p) => p.list) ?? []
  const fillList = fills.data?.pages.flatMap((p) => p.list) ?? []
  const count = tab === 'open' ? openList.length : tab === 'orders' ? orderList.length : fillList.length
  const loaded = tab === 'open' ? open.isSuccess : paged.isSuccess
  const label: Record<RecordTab, string> = {
    open: t`Current orders`,
    orders: t`Order history`,
    fills: t`Fills`,
  }
  return (
    <>
      <div className={styles.recordTabs} role="tablist" aria-label={t`Trade records`}>
        {tabs.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            data-testid={`tab-${k}`}
            onClick={() => setTab(k)}
          >
            {k === 'orders' && !tabs.includes('open') ? t`Orders` : label[k]}
          </button>
        ))}
      </div>
      <section className={styles.records} aria-label={label[tab]}>
        {loaded && count === 0 ? (
          <p className={styles.empty}>{t`No data`}</p>
        ) : (
          <ul className={styles.orderList} data-testid={`records-${tab}`}>
            {tab === 'open'
              ? openList.map((o) => <OrderRow key={o.id} order={o} onCancel={() => cancel.mutate(o.id)} />)
              : tab === 'orders'
                ? orderList.map((o) => <OrderRow key={o.id} order={o} />)
                : fillList.map((f) => <FillRow key={`${f.id}-${f.role}`} fill={f} />)}
          </ul>
        )}
        <div ref={sentinel} />
        {tab !== 'open' && loaded && count > 0 && (
          <p className={styles.more} data-testid="list-end" data-more={Boolean(paged.hasNextPage)}>
            {paged.hasNextPage ? t`Loading…` : t`No more`}
          </p>
        )}
      </section>
    </>
  )
}
