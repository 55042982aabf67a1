import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useFormat } from '@/lib/format/use-format'
import styles from '@/ui/console/Console.module.css'
import { DataTable } from '@/ui/console/DataTable'
import { userPositionsQueryOptions } from './api'

/** A user's open perpetual positions, read-only: the console never closes a position by hand. */
export function UserPositions({ userId }: { userId: string }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const q = useQuery(userPositionsQueryOptions(userId))
  const data = q.data?.positions
  const isError = q.isError
  return (
    <section className={styles.panel} aria-label={t`Contract positions`}>
      <h3 className={styles.h3}>{t`Contract positions`}</h3>
      {isError ? (
        <p className={styles.muted}>{t`Positions could not be loaded.`}</p>
      ) : data?.length === 0 ? (
        <p className={styles.muted}>{t`No open positions`}</p>
      ) : (
        <DataTable
          label={t`Contract positions`}
          rows={data}
          rowKey={(p) => `${p.symbol}-${p.side}`}
          columns={[
            { label: t`Contract`, cell: (p) => p.symbol },
            { label: t`Side`, cell: (p) => (p.side === 'long' ? t`Long` : t`Short`) },
            { label: t`Lots`, num: true, cell: (p) => amount(p.lots) },
            { label: t`Leverage`, num: true, cell: (p) => `${p.leverage}x` },
            { label: t`Avg. open price`, num: true, cell: (p) => amount(p.avgOpenPrice) },
            { label: t`Mark price`, num: true, cell: (p) => amount(p.markPrice) },
            {
              label: t`Est. liq. price`,
              num: true,
              cell: (p) => (p.liquidationPrice ? amount(p.liquidationPrice) : '--'),
            },
            { label: t`Margin`, num: true, cell: (p) => amount(p.margin, { dp: 2 }) },
            { label: t`Unrealized PnL`, num: true, cell: (p) => amount(p.unrealizedPnl, { dp: 2 }) },
            {
              label: t`TP / SL`,
              cell: (p) => `${p.tp ? amount(p.tp) : '--'} / ${p.sl ? amount(p.sl) : '--'}`,
            },
          ]}
        />
      )}
    </section>
  )
}
