import { mul } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { useNow } from '@/lib/use-now'
import { Stat } from '@/ui/Stat'
import { infoQueryOptions } from './api'
import styles from './Contract.module.css'
import { countdown } from './countdown'

/** Mark (= index) price, the estimated funding rate and the time left until the next funding. */
export function FundingBar({
  symbol,
  mark,
  pricePrecision,
}: {
  symbol: string
  mark: string | undefined
  pricePrecision?: number
}) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const info = useQuery(infoQueryOptions(symbol))
  const now = useNow()
  const next = info.data?.nextFundingAt
  // Past the round: read the new rate and time.
  useEffect(() => {
    if (next && now > next + 2000) void info.refetch()
  }, [next, now, info])
  const price = mark ?? info.data?.indexPrice
  return (
    <dl className={styles.fundingBar} aria-label={t`Contract information`}>
      <Stat label={t`Mark price`} data-testid="mark-price">
        {price ? amount(price, { dp: pricePrecision }) : '--'}
      </Stat>
      <Stat label={t`Funding rate`} data-testid="funding-rate">
        {info.data ? `${amount(mul(info.data.fundingRate, '100'), { dp: 4 })}%` : '--'}
      </Stat>
      <Stat label={t`Next funding`} data-testid="funding-countdown">
        {next ? countdown(next, now) : '--'}
      </Stat>
    </dl>
  )
}
