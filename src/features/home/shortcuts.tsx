import type { FloorShortcut } from '@common/market/types'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { DepositIcon, ExchangeIcon, TransferIcon, WithdrawIcon } from '@/ui/Icons'
import styles from './Shortcuts.module.css'

const icon = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    width="22"
    height="22"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
)
const ICONS: Record<string, ReactNode> = {
  markets: icon('M4 19V9M10 19V5M16 19v-7M22 19H2'),
  favorites: icon('M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z'),
  chart: icon('M3 17l5-6 4 3 7-8M3 21h18'),
  menu: icon('M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z'),
  settings: icon('M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM4 21c0-4 4-6 8-6s8 2 8 6'),
  language: icon(
    'M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z',
  ),
  recharge: <DepositIcon />,
  withdraw: <WithdrawIcon />,
  transfer: <TransferIcon />,
  exchange: <ExchangeIcon />,
  contract: icon('M3 17l6-6 4 4 8-8M15 7h6v6'),
  loan: icon('M3 10h18M5 10v8M10 10v8M14 10v8M19 10v8M3 20h18M12 3l9 5H3z'),
  c2c: icon('M7 7h11l-3-3M17 17H6l3 3M4 12h16'),
  option: icon('M12 3v18M5 10l7-7 7 7M5 16h14'),
  etf: icon('M12 3a9 9 0 1 0 9 9h-9zM15 3.5A9 9 0 0 1 20.5 9H15z'),
  staking: icon('M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7zM9 12l2 2 4-4'),
  launchpad: icon('M12 2c3 2 5 6 5 10l-2 4H9l-2-4c0-4 2-8 5-10zM9 16l-2 5M15 16l2 5M12 9v.01'),
  service: icon('M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H4zM17 13h3v6h-3zM20 19a3 3 0 0 1-3 2h-4'),
}

/** Labels for the shortcut ids the server's floor may send; unknown ids are not shown. */
export function useShortcutLabels(): Record<string, string> {
  const { t } = useLingui()
  return {
    markets: t`Markets`,
    favorites: t`Favourites`,
    chart: t`BTC chart`,
    menu: t`All features`,
    settings: t`Settings`,
    language: t`Language`,
    recharge: t`Deposit`,
    withdraw: t`Withdraw`,
    transfer: t`Transfer`,
    exchange: t`Exchange`,
    contract: t`Perpetual`,
    loan: t`Loan`,
    c2c: t`C2C`,
    option: t`Options`,
    etf: t`ETF`,
    staking: t`Staking`,
    launchpad: t`Launchpad`,
    service: t`Customer service`,
  }
}

export function ShortcutGrid({ items, label }: { items: FloorShortcut[]; label: string }) {
  const labels = useShortcutLabels()
  const known = items.filter((s) => labels[s.id])
  if (known.length === 0) return null
  return (
    <nav className={styles.grid} aria-label={label}>
      {known.map((s) => (
        <Link key={s.id} to={s.path} search={s.search ?? {}} className={styles.item}>
          <span className={styles.icon}>{ICONS[s.id]}</span>
          <span>{labels[s.id]}</span>
        </Link>
      ))}
    </nav>
  )
}

/** The grid's size before the layout arrives: two rows of four (what the server's floor sends). */
export function ShortcutGridSkeleton() {
  return (
    <div className={styles.grid} aria-hidden="true">
      {Array.from({ length: 8 }, (_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
        <span key={n} className={styles.item}>
          <span className={styles.icon} />
          <span className={styles.bar} />
        </span>
      ))}
    </div>
  )
}
