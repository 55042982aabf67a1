import { sub } from '@common/money/decimal'
import { winningAt } from '@common/option/rules'
import type { OptionOrder } from '@common/option/schema'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { TickerMap } from '@/lib/market/api'
import { Stat } from '@/ui/Stat'
import { useOptionFormat } from './labels'
import styles from './Option.module.css'
import { OrderTags } from './OrderTags'
import { countdown } from './view'

/** The user's open options (all pairs), each winning or losing at the live price as it moves. */
export function OpenOptions({
  orders,
  loggedIn,
  symbol,
  live,
  tickers,
  now,
}: {
  orders: OptionOrder[] | undefined
  loggedIn: boolean
  symbol: string
  live: string | null
  tickers: TickerMap | undefined
  now: number
}) {
  const { t } = useLingui()
  return (
    <section className={styles.mine} aria-label={t`My open options`}>
      <h2>{t`My open options`}</h2>
      {!loggedIn ? (
        <p className={styles.empty}>
          <Link to="/pages/login/index" className={styles.link}>{t`Log in`}</Link> {t`to trade options`}
        </p>
      ) : (orders?.length ?? 0) === 0 ? (
        <p className={styles.empty}>{t`No open options`}</p>
      ) : (
        <ul className={styles.openList} data-testid="option-open">
          {orders?.map((o) => (
            <OpenRow
              key={o.id}
              o={o}
              now={now}
              live={o.symbol === symbol ? live : (tickers?.[o.symbol]?.index ?? null)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

function OpenRow({ o, now, live }: { o: OptionOrder; now: number; live: string | null }) {
  const { t } = useLingui()
  const of = useOptionFormat()
  // A win adds the profit less the fee paid at purchase (what the result will show).
  const expected = of.signed(sub(o.expectedProfit, o.fee))
  const started = now >= o.startAt
  const winning =
    started && o.openPrice && o.band !== null && live ? winningAt(o.type, o.openPrice, live, o.band) : null
  return (
    <li className={styles.openRow} data-testid="option-open-row">
      <div className={styles.openHead}>
        <OrderTags o={o} />
        <span className={styles.state} data-state={winning === null ? 'wait' : winning ? 'win' : 'lose'}>
          {o.status === 'settling' || now >= o.deliveryAt
            ? t`Settling`
            : !started
              ? t`Starts in ${countdown(o.startAt - now)}`
              : winning
                ? t`Winning`
                : t`Losing`}
        </span>
      </div>
      <dl className={styles.openGrid}>
        <Stat label={t({ message: 'Amount', context: 'stake' })}>{of.usdt(o.amount)}</Stat>
        <Stat label={t`Open price`} data-testid="option-open-price">
          {of.price(o.symbol, o.openPrice)}
        </Stat>
        <Stat label={t`Delivery in`} data-testid="option-open-countdown">
          {countdown(o.deliveryAt - now)}
        </Stat>
        <Stat label={t`Expected profit`} data-trend={expected.trend}>
          {expected.text}
        </Stat>
      </dl>
    </li>
  )
}
