import type { Overview } from '@common/admin/types'
import { useLingui } from '@lingui/react/macro'
import { useFormat } from '@/lib/format/use-format'
import styles from '@/ui/console/Console.module.css'
import { dateTime } from '@/ui/console/date-time'

/**
 * The continuous ledger check's last pass (docs/operations.md, "Ledger check"): sound or broken,
 * when, and the first problems found. A broken ledger is also an alert (exchange_ledger_check_ok).
 */
export function LedgerCheckCard({ check }: { check: Overview['ledgerCheck'] }) {
  const { t } = useLingui()
  const { locale } = useFormat()
  return (
    <div className={styles.card} data-testid="ledger-check">
      <span className={styles.count} style={check && !check.ok ? { color: 'var(--down)' } : undefined}>
        {check === null ? '—' : check.ok ? t`Sound` : t`Broken`}
      </span>
      <span className={styles.muted}>{t`Ledger check`}</span>
      {check && (
        <span className={styles.muted}>
          {check.mode === 'full' ? t`Full pass` : t`New entries`} · {dateTime(check.at, locale)}
        </span>
      )}
      {check &&
        !check.ok &&
        check.problems.map((p) => (
          <span key={p} className={styles.error}>
            {p}
          </span>
        ))}
    </div>
  )
}
