import type { PublicTrade } from '@common/spot/schema'
import { useLingui } from '@lingui/react/macro'
import { useTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import styles from './RecentTrades.module.css'

/** A market's latest trades, newest first: time, price (coloured by the taker's side) and amount. */
export function RecentTrades({ trades, pricePrecision }: { trades: PublicTrade[]; pricePrecision?: number }) {
  const { t } = useLingui()
  const time = useTime()
  const { amount } = useFormat()
  return (
    <section className={styles.trades} aria-label={t`Recent trades`}>
      <div className={styles.tradesHead}>
        <span>{t`Time`}</span>
        <span>{t`Price`}</span>
        <span>{t`Amount`}</span>
      </div>
      {trades.length === 0 ? (
        <p className={styles.empty}>{t`No data`}</p>
      ) : (
        <ol>
          {trades.map((tr) => (
            <li key={tr.id} className={styles.tradeRow}>
              <span>{time(tr.ts)}</span>
              <span data-side={tr.side === 'buy' ? 'bid' : 'ask'}>
                {amount(tr.price, { dp: pricePrecision })}
              </span>
              <span>{amount(tr.amount)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
