import type { ContractPosition } from '@common/contract/schema'
import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import type { TickerMap } from '@/lib/market/api'
import { Confirm } from '@/ui/Sheet'
import { contractApi } from './api'
import { CloseSheet } from './CloseSheet'
import styles from './Contract.module.css'
import { type PositionAction, PositionCard, usePerpName } from './PositionCard'
import { TpslSheet } from './TpslSheet'
import { useMineMutation } from './use-mine-mutation'

// The share image (canvas + QR code) loads only when someone shares.
const ShareSheet = lazy(() => import('./ShareSheet').then((m) => ({ default: m.ShareSheet })))

/** Open positions of every perpetual (cross margin), with their actions and close-all. */
export function PositionsPanel({
  positions,
  tickers,
  precision,
}: {
  positions: ContractPosition[]
  tickers: TickerMap | undefined
  precision: (symbol: string) => number | undefined
}) {
  const { t } = useLingui()
  const perp = usePerpName()
  const [action, setAction] = useState<{ a: PositionAction | 'closeAll'; p?: ContractPosition } | null>(null)
  const after = () => setAction(null)
  const reverse = useMineMutation(contractApi.reverse, () => t`Position reversed`, { after })
  const closeAll = useMineMutation(
    () => contractApi.closeAll(),
    () => t`All positions closed`,
    { after },
  )
  // The mark follows the index (the ticker's `index`), not the last trade.
  const markOf = (p: ContractPosition) => tickers?.[p.symbol]?.index ?? p.markPrice
  const p = action?.p
  return (
    <>
      {positions.length > 0 && (
        <div className={styles.listTools}>
          <button
            type="button"
            className={styles.small}
            data-testid="close-all"
            onClick={() => setAction({ a: 'closeAll' })}
          >
            {t`Close all`}
          </button>
        </div>
      )}
      {positions.length === 0 ? (
        <p className={styles.empty}>{t`No open positions`}</p>
      ) : (
        <ul className={styles.plain} aria-label={t`Positions`} data-testid="positions">
          {positions.map((x) => (
            <PositionCard
              key={`${x.symbol}-${x.side}`}
              p={x}
              mark={tickers?.[x.symbol]?.index}
              pricePrecision={precision(x.symbol)}
              onAction={(a) => setAction({ a, p: x })}
            />
          ))}
        </ul>
      )}
      {action?.a === 'tpsl' && p && <TpslSheet p={p} mark={markOf(p)} onClose={() => setAction(null)} />}
      {action?.a === 'close' && p && <CloseSheet p={p} mark={markOf(p)} onClose={() => setAction(null)} />}
      {action?.a === 'reverse' && p && (
        <Confirm
          title={t`Reverse position`}
          text={
            p.side === 'long'
              ? t`Close the ${perp(p.symbol)} long at the market and open a short of ${p.lots} lots at ${p.leverage}x?`
              : t`Close the ${perp(p.symbol)} short at the market and open a long of ${p.lots} lots at ${p.leverage}x?`
          }
          confirmLabel={t`Reverse`}
          cancelLabel={t`Cancel`}
          busy={reverse.isPending}
          onConfirm={() => reverse.mutate({ symbol: p.symbol, side: p.side })}
          onClose={() => setAction(null)}
        />
      )}
      {action?.a === 'closeAll' && (
        <Confirm
          title={t`Close all positions`}
          text={t`Close all ${positions.length} positions at the market price?`}
          confirmLabel={t`Close all`}
          cancelLabel={t`Cancel`}
          busy={closeAll.isPending}
          onConfirm={() => closeAll.mutate()}
          onClose={() => setAction(null)}
        />
      )}
      {action?.a === 'share' && p && (
        <Suspense fallback={null}>
          <ShareSheet p={p} mark={markOf(p)} onClose={() => setAction(null)} />
        </Suspense>
      )}
    </>
  )
}
