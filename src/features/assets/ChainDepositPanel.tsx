import type { DepositAddress } from '@common/assets/types'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { balancesChanged } from '@/lib/balance-events'
import styles from './Assets.module.css'
import { depositsQueryOptions, pendingDepositsQueryOptions } from './api'
import { useMoney } from './use-money'

/**
 * A watched chain: deposits to the user's own address are credited by themselves. Shows the
 * minimum and the confirmations needed, and each transfer on its way with "k / N confirmations";
 * when one leaves the list (credited), the records and balances are read again.
 */
export function ChainDepositPanel({ address }: { address: DepositAddress }) {
  const { t } = useLingui()
  const qc = useQueryClient()
  const { fmt } = useMoney()
  const pending = useQuery(pendingDepositsQueryOptions(address.coin, address.chain))
  const count = pending.data?.length ?? 0
  const last = useRef(count)
  useEffect(() => {
    if (count < last.current) {
      void qc.invalidateQueries({ queryKey: depositsQueryOptions().queryKey })
      void balancesChanged(qc, 'deposit', { now: true })
    }
    last.current = count
  }, [count, qc])
  const { coin, chain, minAmount: min, confirmations: n } = address
  return (
    <>
      <p className={styles.notice}>
        <Trans>
          Send only {coin} on {chain} to this address. Minimum deposit {min} {coin}; smaller amounts are not
          credited. It is credited by itself after {n} network confirmations.
        </Trans>
      </p>
      {count > 0 && (
        <section className={styles.card} aria-label={t`Deposits on the way`} data-testid="chain-pending">
          <span className={styles.cardTitle}>
            <Trans>Deposits on the way</Trans>
          </span>
          {pending.data?.map((p) => {
            const k = p.confirmations
            const req = p.required
            return (
              <div key={p.txHash} className={styles.row}>
                <span className={styles.num}>
                  {fmt.amount(p.amount)} {p.coin}
                </span>
                <span className={styles.sub}>
                  <Trans>
                    {k} / {req} confirmations
                  </Trans>
                </span>
              </div>
            )
          })}
        </section>
      )}
    </>
  )
}
