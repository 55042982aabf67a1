import type { ProjectState, StakingOrderStatus } from '@common/earn/schema'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useFormat } from '@/lib/format/use-format'
import styles from './Earn.module.css'
import { share, timeLeft } from './format'

export function EarnTabs({ current }: { current: 'staking' | 'launch' }) {
  const { t } = useLingui()
  return (
    <nav className={styles.tabs} aria-label={t`Earn`}>
      <Link to="/pages/financial/index" aria-current={current === 'staking' ? 'page' : undefined}>
        {t`Staking`}
      </Link>
      <Link to="/pages/buycoin/index" aria-current={current === 'launch' ? 'page' : undefined}>
        {t`Launchpad`}
      </Link>
    </nav>
  )
}

export function CoinBadge({ coin }: { coin: string }) {
  return (
    <span className={styles.coin} aria-hidden="true">
      {coin.slice(0, 4)}
    </span>
  )
}

export function useStateLabels() {
  const { t } = useLingui()
  const project: Record<ProjectState, string> = {
    preheat: t`Preheat`,
    open: t`Subscription open`,
    closed: t`Subscription closed`,
    announced: t`Result announced`,
  }
  const order: Record<StakingOrderStatus, string> = {
    earning: t`Earning`,
    completed: t`Completed`,
    redeemed: t`Redeemed early`,
  }
  return { project, order }
}

/** "3 d 04:05:06" with the day unit translated. */
export function Countdown({ label, at, now }: { label: string; at: number; now: number }) {
  const { t } = useLingui()
  const { d, hms } = timeLeft(at, now)
  return (
    <p className={styles.countdown} data-testid="countdown">
      <span>{label}</span>
      <strong>{d > 0 ? `${t`${d} d`} ${hms}` : hms}</strong>
    </p>
  )
}

/** A launch project's subscription so far: the bar and "Committed x / target", with the percent. */
export function CommitProgress({
  committed,
  target,
  currency,
  testId,
}: {
  committed: string
  target: string
  currency: string
  testId?: string
}) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const done = share(committed, target)
  return (
    <>
      <div className={styles.bar} aria-hidden="true">
        <span style={{ width: `${done}%` }} />
      </div>
      <div className={styles.barText}>
        <span>
          {t`Committed`} {amount(committed)} / {amount(target)} {currency}
        </span>
        <span data-testid={testId}>{amount(done.toFixed(2), { dp: 2 })}%</span>
      </div>
    </>
  )
}

/** A sheet's confirm button, off until the amount is valid and while the request runs. */
export function SheetConfirm({
  ready,
  onConfirm,
  testId,
  children,
}: {
  ready: boolean
  onConfirm: () => void
  testId: string
  children: string
}) {
  return (
    <button
      type="button"
      className={styles.btnBlock}
      disabled={!ready}
      onClick={onConfirm}
      data-testid={testId}
    >
      {children}
    </button>
  )
}
