import { mul, round } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useFormat } from '@/lib/format/use-format'
import { Stat } from '@/ui/Stat'

/** An amount as typed in a loan form: digits, up to 18 decimals. */
export const AMOUNT_RE = /^\d{1,20}(\.\d{1,18})?$/

/** A loan's daily rate (in %) and how it is repaid: rows of a terms list (`<dl>`). */
export function RateRows({ dailyRate }: { dailyRate: string }) {
  const { t } = useLingui()
  const { amount: fmt } = useFormat()
  return (
    <>
      <Stat label={t`Daily rate`}>{fmt(round(mul(dailyRate, '100'), 4, 'half-up'), { dp: 4 })}%</Stat>
      <Stat label={t`Repayment`}>{t`Single payment when due`}</Stat>
    </>
  )
}
