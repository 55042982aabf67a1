import type { OptionOrder } from '@common/option/schema'
import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useDateTime } from '@/lib/format/use-date-time'
import { Fields, PagedList, paged } from '@/ui/PagedList'
import { PageHeader } from '@/ui/PageHeader'
import { Sheet } from '@/ui/Sheet'
import { recordsQueryOptions, roundQueryOptions } from './api'
import { useOptionFormat, useOptionLabels } from './labels'
import styles from './Option.module.css'
import { OrderTags } from './OrderTags'

/** pages/assets/option-record: every option of the user, newest first, with its round's proof. */
export function OptionRecordPage() {
  const { t } = useLingui()
  const q = useInfiniteQuery(recordsQueryOptions())
  const [proof, setProof] = useState<string | null>(null)
  const items = q.data?.pages.flatMap((p) => p.list) ?? []
  return (
    <>
      <PageHeader title={t`Option records`} backLabel={t`Back`} />
      <div className={styles.page}>
        <PagedList
          {...paged(q)}
          items={items}
          render={(o) => <RecordItem o={o} onProof={() => setProof(o.roundId)} />}
          itemKey={(o) => o.id}
          label={t`Option records`}
          testId="option-records"
        />
      </div>
      {proof && <ProofSheet id={proof} onClose={() => setProof(null)} />}
    </>
  )
}

function RecordItem({ o, onProof }: { o: OptionOrder; onProof: () => void }) {
  const { t } = useLingui()
  const of = useOptionFormat()
  const when = useDateTime()
  const labels = useOptionLabels()
  return (
    <article className={styles.record} data-testid="option-record">
      <header className={styles.recordHead}>
        <OrderTags o={o} />
        <span className={styles.state} data-state={o.outcome ?? 'wait'}>
          {o.status === 'settled' ? labels.outcome(o.outcome) : labels.status(o.status)}
        </span>
      </header>
      <Fields
        cells={[
          [t`Order number`, o.id],
          [t({ message: 'Amount', context: 'stake' }), of.usdt(o.amount)],
          [t`Return rate`, of.rate(o.rate)],
          [t`Open price`, of.price(o.symbol, o.openPrice)],
          [t({ message: 'Close price', context: 'round' }), of.price(o.symbol, o.closePrice)],
          [t`Settlement amount`, o.payout !== null ? of.usdt(o.payout) : '--'],
          [t`Purchase time`, when(o.createdAt)],
          [t`Delivery time`, when(o.deliveryAt)],
          [t`Fee`, of.usdt(o.fee)],
        ]}
      />
      {o.status === 'settled' && (
        <button type="button" className={styles.proofButton} onClick={onProof} data-testid="option-proof">
          {t`Round proof`}
        </button>
      )}
    </article>
  )
}

function ProofSheet({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useLingui()
  const when = useDateTime()
  const labels = useOptionLabels()
  const of = useOptionFormat()
  const r = useQuery(roundQueryOptions(id)).data
  return (
    <Sheet title={t`Round proof`} onClose={onClose} closeLabel={t`Close`} testId="option-proof-sheet">
      {r && (
        <div className={styles.result}>
          <Fields
            cells={[
              [t`Round`, `#${r.id}`],
              [t`Instrument`, of.pair(r.symbol)],
              [t`Period`, labels.period(r.period)],
              [t`Open price`, of.price(r.symbol, r.openPrice)],
              [t`Open tick`, r.openTickAt ? when(r.openTickAt) : '--'],
              [t`Start`, when(r.startAt)],
              [t({ message: 'Close price', context: 'round' }), of.price(r.symbol, r.closePrice)],
              [t`Close tick`, r.closeTickAt ? when(r.closeTickAt) : '--'],
              [t`Delivery`, when(r.deliveryAt)],
              [t`Flat band`, r.band ? `±${of.price(r.symbol, r.band)}` : '--'],
              [t`Result`, r.result ? labels.type(r.result) : t`Void`],
              [t`Band rate`, of.rate(r.bandRate)],
            ]}
          />
          <p className={styles.note}>
            {t`Prices are the recorded index ticks of the start and delivery seconds; compare them with the candle history of the instrument.`}
          </p>
        </div>
      )}
    </Sheet>
  )
}
