import type { OptionOrder } from '@common/option/schema'
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useMemo, useRef } from 'react'
import { balancesChanged } from '@/lib/balance-events'
import { http } from '@/lib/http/client'
import { Sheet } from '@/ui/Sheet'
import { Stat } from '@/ui/Stat'
import { type OrdersPage, optionKeys } from './api'
import { useOptionFormat, useOptionLabels } from './labels'
import styles from './Option.module.css'
import { optionNet } from './view'

/** Notices open orders that were settled since the last poll, and shows the newest one's result. */
export function useSettledWatch(page: OrdersPage | undefined, show: (o: OptionOrder) => void) {
  const qc = useQueryClient()
  const seen = useRef<Set<string> | null>(null)
  const showRef = useRef(show)
  showRef.current = show
  const ids = useMemo(() => (page ? page.list.map((o) => o.id) : null), [page])
  useEffect(() => {
    if (!ids) return
    const before = seen.current
    seen.current = new Set(ids)
    if (!before) return
    const gone = [...before].filter((id) => !ids.includes(id))
    if (!gone.length) return
    void http
      .get<OrdersPage>('option/orders', { status: 'settled', limit: 20 }, { toast: false })
      .then((r) => {
        const hit = r.list.find((o) => gone.includes(o.id))
        if (hit) showRef.current(hit)
        void balancesChanged(qc, 'option')
        void qc.invalidateQueries({ queryKey: optionKeys.records() })
      })
      .catch(() => undefined)
  }, [ids, qc])
}

export function ResultSheet({ o, onClose }: { o: OptionOrder; onClose: () => void }) {
  const { t } = useLingui()
  const of = useOptionFormat()
  const labels = useOptionLabels()
  // The headline is what the account gained or lost: payout less the amount and the fee.
  const net = of.signed(optionNet(o) ?? '0')
  return (
    <Sheet title={t`Option result`} onClose={onClose} closeLabel={t`Close`} testId="option-result">
      <div className={styles.result} data-outcome={o.outcome}>
        <p className={styles.resultHead}>
          {o.outcome === 'win'
            ? t`You won`
            : o.outcome === 'lose'
              ? t`Not this time`
              : t`Round void: refunded`}
        </p>
        <p className={styles.resultAmount} data-trend={net.trend} data-testid="option-result-payout">
          {net.text} USDT
        </p>
        <dl className={styles.resultGrid}>
          <Stat label={t`Direction`}>{labels.type(o.type)}</Stat>
          <Stat label={t({ message: 'Amount', context: 'stake' })}>{of.usdt(o.amount)}</Stat>
          <Stat label={t`Fee`}>{of.usdt(o.fee)}</Stat>
          <Stat label={t`Open price`}>{of.price(o.symbol, o.openPrice)}</Stat>
          <Stat label={t({ message: 'Close price', context: 'round' })}>
            {of.price(o.symbol, o.closePrice)}
          </Stat>
          <Stat label={t`Return rate`}>{of.rate(o.rate)}</Stat>
          <Stat label={t`Settlement amount`}>{o.payout !== null ? of.usdt(o.payout) : '--'}</Stat>
        </dl>
        <Link to="/pages/assets/option-record" className={styles.link} onClick={onClose}>
          {t`View records and round proof`}
        </Link>
      </div>
    </Sheet>
  )
}
