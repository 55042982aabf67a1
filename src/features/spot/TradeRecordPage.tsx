import type { SpotFill } from '@common/schemas/spot'
import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { PageHeader } from '@/ui/PageHeader'
import { fillsQueryOptions, historyQueryOptions } from './api'
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

function FillRow({ fill: f }: { fill: SpotFill }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  return (
    <li className={styles.order} data-testid="fill-row">
      <div className={styles.orderTop}>
        <span className={styles.orderSide} data-side={f.side}>
          {f.side === 'buy' ? t`Buy` : t`Sell`}
        </span>
        <span className={styles.orderPair}>{f.symbol}</span>
        <span className={styles.orderType}>{f.role === 'maker' ? t`Maker` : t`Taker`}</span>
        <time className={styles.orderTime} dateTime={new Date(f.ts).toISOString()}>
          {new Date(f.ts).toLocaleString([], { hour12: false })}
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

/** pages/assets/trade-record: the user's spot orders and fills, newest first, endless. */
export function TradeRecordPage() {
  const { t } = useLingui()
  const [tab, setTab] = useState<'orders' | 'fills'>('orders')
  const orders = useInfiniteQuery({ ...historyQueryOptions(), enabled: tab === 'orders' })
  const fills = useInfiniteQuery({ ...fillsQueryOptions(), enabled: tab === 'fills' })
  const q = tab === 'orders' ? orders : fills
  const sentinel = useSentinel(() => {
    if (q.hasNextPage && !q.isFetchingNextPage) void q.fetchNextPage()
  }, Boolean(q.hasNextPage))
  const orderList = orders.data?.pages.flatMap((p) => p.list) ?? []
  const fillList = fills.data?.pages.flatMap((p) => p.list) ?? []
  const count = tab === 'orders' ? orderList.length : fillList.length
  return (
    <>
      <PageHeader title={t`Trade records`} backLabel={t`Back`} />
      <div className={styles.recordTabs} role="tablist" aria-label={t`Trade records`}>
        <button type="button" role="tab" aria-selected={tab === 'orders'} onClick={() => setTab('orders')}>
          {t`Orders`}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'fills'}
          data-testid="tab-fills"
          onClick={() => setTab('fills')}
        >
          {t`Fills`}
        </button>
      </div>
      <section className={styles.records} aria-label={tab === 'orders' ? t`Orders` : t`Fills`}>
        {q.isSuccess && count === 0 ? (
          <p className={styles.empty}>{t`No data`}</p>
        ) : (
          <ul className={styles.orderList}>
            {tab === 'orders'
              ? orderList.map((o) => <OrderRow key={o.id} order={o} />)
              : fillList.map((f) => <FillRow key={`${f.id}-${f.role}`} fill={f} />)}
          </ul>
        )}
        <div ref={sentinel} />
        {q.isSuccess && count > 0 && (
          <p className={styles.more} data-testid="list-end" data-more={Boolean(q.hasNextPage)}>
            {q.hasNextPage ? t`Loading…` : t`No more`}
          </p>
        )}
      </section>
    </>
  )
}
