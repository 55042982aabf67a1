import type { ProjectState, StakingOrderStatus } from '@common/earn/schema'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import styles from './Earn.module.css'
import { timeLeft } from './format'

/** The wall clock, ticking every second while mounted. */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms)
    return () => clearInterval(t)
  }, [ms])
  return now
}

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
