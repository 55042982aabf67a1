import type { ClosedPosition, ContractFill, FundingPayment, Liquidation } from '@common/contract/schema'
import { isNegative, mul, round } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { Fields } from '@/ui/PagedList'
import styles from './Contract.module.css'
import { useOrderLabels } from './ContractOrderRow'
import { usePerpName } from './PositionCard'
import { useContractPrice } from './use-contract-price'

function When({ ts }: { ts: number }) {
  const when = useDateTime()
  return <time dateTime={new Date(ts).toISOString()}>{when(ts)}</time>
}

/** A record's first line: its tag (side or action), the perpetual, an optional note, the time. */
function RecordHead({
  tag,
  symbol,
  note,
  ts,
}: {
  tag: ReactNode
  symbol: string
  note?: ReactNode
  ts: number
}) {
  const perp = usePerpName()
  return (
    <div className={styles.recordTop}>
      {tag}
      <strong>{perp(symbol)}</strong>
      {note !== undefined && <span className={styles.muted}>{note}</span>}
      <When ts={ts} />
    </div>
  )
}

function SideTag({ side }: { side: 'long' | 'short' }) {
  const { t } = useLingui()
  return (
    <span className={styles.sideTag} data-side={side}>
      {side === 'long' ? t`Long` : t`Short`}
    </span>
  )
}

function Signed({ value, dp = 2 }: { value: string; dp?: number }) {
  const { amount } = useFormat()
  // Coloured by what is shown: -0.0034 reads 0.00, not a red zero.
  const shown = round(value, dp, 'down')
  return <span className={isNegative(shown) ? styles.down : styles.up}>{amount(value, { dp })}</span>
}

export function FillItem({ f }: { f: ContractFill }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const price = useContractPrice()
  const labels = useOrderLabels()
  const buy = (f.kind === 'open') === (f.side === 'long')
  return (
    <>
      <RecordHead
        tag={
          <span className={styles.sideText} data-side={buy ? 'long' : 'short'}>
            {labels.action(f)}
          </span>
        }
        symbol={f.symbol}
        note={f.role === 'maker' ? t`Maker` : t`Taker`}
        ts={f.ts}
      />
      <Fields
        cells={[
          [t`Price`, price(f.symbol, f.price)],
          [t`Lots`, amount(f.lots)],
          [t`Fee`, amount(f.fee, { dp: 4 })],
          [t`Realized PnL`, <Signed key="p" value={f.realizedPnl} />],
        ]}
      />
    </>
  )
}

export function ClosedPositionItem({ p }: { p: ClosedPosition }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const price = useContractPrice()
  const labels = useOrderLabels()
  const reason = p.reason === 'close' ? t`Closed` : labels.source(p.reason)
  return (
    <>
      <RecordHead tag={<SideTag side={p.side} />} symbol={p.symbol} note={reason} ts={p.closedAt} />
      <Fields
        cells={[
          [t`Realized PnL`, <Signed key="p" value={p.realizedPnl} />],
          [t`Avg. open price`, price(p.symbol, p.avgOpenPrice)],
          [t`Avg. close price`, price(p.symbol, p.avgClosePrice)],
          [t`Max lots`, amount(p.maxLots)],
          [t`Fee`, amount(p.fee, { dp: 4 })],
          [t`Funding`, <Signed key="f" value={p.funding} dp={4} />],
        ]}
      />
    </>
  )
}

export function FundingItem({ f }: { f: FundingPayment }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const price = useContractPrice()
  return (
    <>
      <RecordHead tag={<SideTag side={f.side} />} symbol={f.symbol} ts={f.ts} />
      <Fields
        cells={[
          [
            isNegative(f.amount) ? t`Paid (USDT)` : t`Received (USDT)`,
            <Signed key="a" value={f.amount} dp={4} />,
          ],
          [t`Funding rate`, `${amount(mul(f.rate, '100'), { dp: 4 })}%`],
          [t`Mark price`, price(f.symbol, f.markPrice)],
          [t`Lots`, amount(f.lots)],
        ]}
      />
    </>
  )
}

export function LiquidationItem({ l }: { l: Liquidation }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const price = useContractPrice()
  return (
    <>
      <RecordHead tag={<SideTag side={l.side} />} symbol={l.symbol} ts={l.ts} />
      <Fields
        cells={[
          [t`Trigger index price`, price(l.symbol, l.indexPrice)],
          [t`Close price`, price(l.symbol, l.closePrice)],
          [t`Lots`, amount(l.lots)],
          [t`Loss`, amount(l.loss, { dp: 2 })],
          [t`Insurance fund paid`, amount(l.insurancePaid, { dp: 2 })],
        ]}
      />
    </>
  )
}
