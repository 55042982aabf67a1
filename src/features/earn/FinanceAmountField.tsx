import { lt } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { DecimalInput } from '@/ui/DecimalInput'
import styles from './Earn.module.css'

/**
 * An amount paid from the finance account (staking, launch commitments): the input, Max (the
 * balance or `cap`, whichever is smaller), the error, and the balance with a link to transfer in.
 */
export function FinanceAmountField({
  label,
  asset,
  value,
  onChange,
  available,
  cap,
  error,
  testId,
}: {
  label: string
  asset: string
  value: string
  onChange: (v: string) => void
  available: string
  cap: string
  error?: string | null
  testId: string
}) {
  const { t } = useLingui()
  const { asset: assetText } = useFormat()
  const id = useId()
  return (
    <>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.field}>
        <DecimalInput
          id={id}
          value={value}
          placeholder={t`Enter amount`}
          onChange={onChange}
          data-testid={testId}
        />
        <span className={styles.muted}>{asset}</span>
        <button type="button" onClick={() => onChange(lt(available, cap) ? available : cap)}>
          {t`Max`}
        </button>
      </div>
      {error && <p className={styles.error}>{error}</p>}
      <div className={styles.line}>
        <span>{t`Available in finance account`}</span>
        <span>
          {assetText(available, asset)} {asset}{' '}
          <Link to="/pages/assets/transfer" search={{ coin: asset }} className={styles.headLink}>
            {t`Transfer`}
          </Link>
        </span>
      </div>
    </>
  )
}
