import type { FundingRound } from '@common/contract/schema'
import { isNegative, mul } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { Fields, PagedList, paged } from '@/ui/PagedList'
import { PageHeader } from '@/ui/PageHeader'
import { useScrollHint } from '@/ui/use-scroll-hint'
import { fundingQueryOptions, instrumentsQueryOptions } from './api'
import styles from './Contract.module.css'
import { usePerpName } from './PositionCard'

/** Funding-rate history of one perpetual (public), with the estimated next rate. */
export function FundingHistoryPage({ symbol }: { symbol: string }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const perp = usePerpName()
  const when = useDateTime()
  const instruments = useQuery(instrumentsQueryOptions())
  const strip = useScrollHint<HTMLElement>(`${symbol}:${instruments.data?.length ?? 0}`)
  const q = useInfiniteQuery(fundingQueryOptions(symbol))
  const head = q.data?.pages[0]
  const rounds = q.data?.pages.flatMap((p) => p.list) ?? []
  const pct = (r: string) => `${amount(mul(r, '100'), { dp: 4 })}%`
  return (
    <>
      <PageHeader title={t`Funding rate history`} backLabel={t`Back`} />
      <div className={styles.pageTabsBox}>
        <nav ref={strip} className={styles.pageTabs} aria-label={t`Perpetuals`}>
          {(instruments.data ?? []).map((i) => (
            <Link
              key={i.symbol}
              to="/pages/trade/funding-rate"
              search={{ symbol: i.symbol }}
              replace
              aria-current={i.symbol === symbol ? 'page' : undefined}
            >
              {i.base}
            </Link>
          ))}
        </nav>
      </div>
      <dl className={styles.hero}>
        <dt>{t`Estimated next rate of ${perp(symbol)}`}</dt>
        <dd data-testid="next-rate">{head ? pct(head.fundingRate) : '--'}</dd>
      </dl>
      <div className={styles.page}>
        <p className={styles.hint}>
          {t`Every 8 hours (00:00, 08:00, 16:00 UTC+8) holders pay each other: a positive rate means longs pay shorts, a negative rate shorts pay longs. Payment = position value at the mark price × rate.`}
        </p>
        <PagedList<FundingRound>
          {...paged(q)}
          items={rounds}
          itemKey={(r) => r.id}
          label={t`Funding rate history`}
          testId="funding-rounds"
          render={(r) => (
            <>
              <div className={styles.recordTop}>
                <strong className={isNegative(r.rate) ? styles.down : styles.up}>{pct(r.rate)}</strong>
                <time dateTime={new Date(r.ts).toISOString()}>{when(r.ts)}</time>
              </div>
              <Fields cells={[[t`Mark price`, amount(r.markPrice)]]} />
            </>
          )}
        />
      </div>
    </>
  )
}
