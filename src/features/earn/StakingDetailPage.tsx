import type { StakingReward } from '@common/earn/schema'
import { mul } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { balancesChanged } from '@/lib/balance-events'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { showToast } from '@/ui/feedback'
import { Fields, PagedList } from '@/ui/PagedList'
import { PageHeader } from '@/ui/PageHeader'
import { Confirm } from '@/ui/Sheet'
import { earnApi, earnKeys, orderQueryOptions } from './api'
import styles from './Earn.module.css'
import { pct } from './format'
import { useStateLabels } from './shared'

/** pages/financial/detail: one staking order, its daily rewards, and early redemption where allowed. */
export function StakingDetailPage({ id }: { id: string }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const when = useDateTime()
  const labels = useStateLabels()
  const qc = useQueryClient()
  const q = useQuery(orderQueryOptions(id))
  const [ask, setAsk] = useState(false)
  const [busy, setBusy] = useState(false)
  const o = q.data
  const redeem = async () => {
    setBusy(true)
    try {
      await earnApi.redeem(id)
      showToast(t`Redeemed`)
      setAsk(false)
      await Promise.all([
        qc.invalidateQueries({ queryKey: earnKeys.all }),
        balancesChanged(qc, 'earn', { now: true }),
      ])
    } catch {
      // the client showed the error
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <PageHeader title={t`Order details`} backLabel={t`Back`} />
      {o && (
        <div className={styles.page}>
          <section className={styles.panel}>
            <div className={styles.recordTop}>
              <strong>
                {o.asset} · {t`${o.cycleDays} days`}
              </strong>
              <span
                className={o.status === 'earning' ? styles.tagOpen : styles.tag}
                data-testid="order-status"
              >
                {labels.order[o.status]}
              </span>
            </div>
            <span className={styles.label}>{t`Earned so far`}</span>
            <span className={`${styles.big} ${styles.up}`} data-testid="order-accrued">
              {amount(o.accrued)} {o.asset}
            </span>
            <Fields
              cells={[
                [t`Amount`, `${amount(o.amount)} ${o.asset}`],
                [t`APR`, `${pct(o.rateKind === 'daily' ? mul(o.rate, '365') : o.rate)}%`],
                [t`Daily reward`, amount(o.dailyReward)],
                [t`Expected profit`, amount(o.expectedReward)],
                [t`Days paid`, `${o.accruedDays} / ${o.cycleDays}`],
                [t`Order number`, o.id],
                [t`Created`, when(o.createdAt)],
                [t`Ends`, when(o.endAt)],
                [t`Early redemption`, o.earlyRedeem ? t`Allowed` : t`Not allowed`],
              ]}
            />
            {o.status === 'earning' && o.earlyRedeem && (
              <button
                type="button"
                className={styles.btnGhost}
                onClick={() => setAsk(true)}
                data-testid="redeem"
              >
                {t`Redeem early`}
              </button>
            )}
          </section>
          <section className={styles.panel}>
            <h2>{t`Daily rewards`}</h2>
            <PagedList<StakingReward>
              items={o.rewards}
              itemKey={(r) => String(r.day)}
              label={t`Daily rewards`}
              loaded
              hasMore={false}
              loading={false}
              onMore={() => {}}
              testId="reward-list"
              render={(r) => (
                <div className={styles.recordTop}>
                  <span>{t`Day ${r.day}`}</span>
                  <span className={styles.muted}>{when(r.at)}</span>
                  <span className={styles.up}>
                    +{amount(r.amount)} {o.asset}
                  </span>
                </div>
              )}
            />
          </section>
        </div>
      )}
      {o && ask && (
        <Confirm
          title={t`Redeem early?`}
          text={t`You get your ${amount(o.amount)} ${o.asset} back and forfeit the ${amount(o.accrued)} ${o.asset} of rewards earned so far, and every reward still to come.`}
          confirmLabel={t`Redeem and forfeit rewards`}
          cancelLabel={t`Cancel`}
          onConfirm={() => void redeem()}
          onClose={() => setAsk(false)}
          busy={busy}
        />
      )}
    </>
  )
}
