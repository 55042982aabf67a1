import type { InsuranceFund, InsuranceKind } from '@common/contract/schema'
import { isNegative, mul } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { PagedList, paged } from '@/ui/PagedList'
import { PageHeader } from '@/ui/PageHeader'
import { instrumentsQueryOptions, insuranceQueryOptions } from './api'
import styles from './Contract.module.css'

type Row = InsuranceFund['list'][number]

/** The risk protection (insurance) fund: its balance and every change, public. */
export function RiskFundPage() {
  const { t } = useLingui()
  const { amount, percent } = useFormat()
  const when = useDateTime()
  const q = useInfiniteQuery(insuranceQueryOptions())
  const head = q.data?.pages[0]
  // Every row has a human label (the kind the server derives from the ledger entry).
  const labels: Record<InsuranceKind, string> = {
    seed: t`Initial funding`,
    liquidation_fee: t`Liquidation clearance fee`,
    loss_cover: t`Loss beyond a balance covered`,
    takeover: t`Liquidated position taken over`,
    funding_dust: t`Funding fee rounding`,
    adjustment: t`Adjustment`,
    other: t`Other`,
  }
  const label = (r: Row) => labels[r.kind] ?? labels.other
  const instruments = useQuery(instrumentsQueryOptions())
  const first = instruments.data?.[0]
  const fee = first ? percent(mul(first.liquidationFee, '100'), { dp: 2 }) : null
  const band = first ? percent(mul(first.priceProtection, '100'), { dp: 2 }) : null
  return (
    <>
      <PageHeader title={t`Risk protection fund`} backLabel={t`Back`} />
      <dl className={styles.hero}>
        <dt>{t`Balance (USDT)`}</dt>
        <dd data-testid="fund-balance">{head ? amount(head.balance, { dp: 2 }) : '--'}</dd>
      </dl>
      <div className={styles.page}>
        <p className={styles.hint} data-testid="fund-rule">
          {fee && band
            ? t`A liquidated position is closed at the market within ${band} of the index price and never beyond its bankruptcy price (where its margin runs out). The user keeps what is left, minus a liquidation clearance fee of ${fee} of the position's value, paid to this fund. What the market cannot take the fund takes over at the bankruptcy price and pays any gap, so no balance goes below zero.`
            : '\u00a0'}
        </p>
        <PagedList<Row>
          {...paged(q)}
          itemKey={(r) => r.id}
          label={t`Fund history`}
          testId="fund-history"
          render={(r) => (
            <>
              <div className={styles.recordTop}>
                <strong>{label(r)}</strong>
                <time dateTime={new Date(r.ts).toISOString()}>{when(r.ts)}</time>
              </div>
              <div className={styles.recordTop}>
                <span className={isNegative(r.change) ? styles.down : styles.up}>
                  {amount(r.change, { dp: 2 })}
                </span>
                <span className={styles.muted}>
                  {t`Balance`} {amount(r.balance, { dp: 2 })}
                </span>
              </div>
            </>
          )}
        />
      </div>
    </>
  )
}
