import type { StakingProduct } from '@common/earn/schema'
import { dailyReward, endOf, expectedReward } from '@common/earn/staking'
import { gt, isDecimalString, lt } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { balancesChanged } from '@/lib/balance-events'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { showToast } from '@/ui/feedback'
import { Sheet } from '@/ui/Sheet'
import { earnApi, earnKeys, financeQueryOptions } from './api'
import styles from './Earn.module.css'
import { FinanceAmountField } from './FinanceAmountField'
import { pct } from './format'
import { SheetConfirm } from './shared'

export function StakeSheet({ product: p, onClose }: { product: StakingProduct; onClose: () => void }) {
  const { t } = useLingui()
  const { amount: fmt } = useFormat()
  const when = useDateTime()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const _id = useId()
  const fin = useQuery(financeQueryOptions())
  const bal = fin.data?.list.find((b) => b.coin === p.asset)
  const available = bal?.available ?? '0'
  const dp = (bal as { precision?: number } | undefined)?.precision ?? 8
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)
  const valid = isDecimalString(value) && gt(value, '0')
  const error = !value
    ? ''
    : !valid
      ? t`Enter a valid amount`
      : lt(value, p.minAmount)
        ? t`Minimum ${p.minAmount} ${p.asset}`
        : gt(value, p.maxAmount)
          ? t`Maximum ${p.maxAmount} ${p.asset}`
          : gt(value, available)
            ? t`More than your finance balance`
            : ''
  const daily = valid ? dailyReward(value, p.rate, p.rateKind, dp) : '0'
  const total = expectedReward(daily, p.cycleDays)
  const submit = async () => {
    setBusy(true)
    try {
      const o = await earnApi.stake(p.id, value)
      showToast(t`Staked`)
      await Promise.all([
        qc.invalidateQueries({ queryKey: earnKeys.all }),
        balancesChanged(qc, 'earn', { now: true }),
      ])
      onClose()
      void navigate({ to: '/pages/financial/detail', search: { id: Number(o.id) } })
    } catch {
      // the client showed the error
    } finally {
      setBusy(false)
    }
  }
  return (
    <Sheet title={t`Stake ${p.asset}`} onClose={onClose} closeLabel={t`Close`} testId="stake-sheet">
      <div className={styles.line}>
        <span>{t`APR`}</span>
        <span className={styles.up}>{pct(p.apr)}%</span>
      </div>
      <div className={styles.line}>
        <span>{t`Cycle`}</span>
        <span>{t`${p.cycleDays} days`}</span>
      </div>
      <FinanceAmountField
        label={t`Amount (${p.minAmount} - ${p.maxAmount} ${p.asset})`}
        asset={p.asset}
        value={value}
        onChange={setValue}
        available={available}
        cap={p.maxAmount}
        error={error}
        testId="stake-amount"
      />
      <div className={styles.line}>
        <span>{t`Daily reward`}</span>
        <span>
          {fmt(daily)} {p.asset}
        </span>
      </div>
      <div className={styles.line}>
        <span>{t`Expected profit`}</span>
        <span className={styles.up} data-testid="stake-expected">
          {fmt(total)} {p.asset}
        </span>
      </div>
      <div className={styles.line}>
        <span>{t`Ends`}</span>
        <span>{when(endOf(Date.now(), p.cycleDays))}</span>
      </div>
      <p className={p.earlyRedeem ? styles.note : styles.warn}>
        {p.earlyRedeem
          ? t`You may redeem before the end of the cycle: you get your principal back and forfeit every reward of the order.`
          : t`This product cannot be redeemed early: the amount stays locked until the cycle ends.`}
      </p>
      <SheetConfirm ready={valid && !error && !busy} onConfirm={() => void submit()} testId="stake-submit">
        {t`Confirm stake`}
      </SheetConfirm>
    </Sheet>
  )
}
