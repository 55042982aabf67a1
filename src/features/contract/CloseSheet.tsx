import type { ContractPosition } from '@common/contract/schema'
import { gt, lte } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { Alert } from '@/ui/Alert'
import { DecimalInput } from '@/ui/DecimalInput'
import { Sheet } from '@/ui/Sheet'
import sheet from '@/ui/Sheet.module.css'
import { TabRow } from '@/ui/TabRow'
import { contractApi } from './api'
import styles from './Contract.module.css'
import { usePerpName } from './PositionCard'
import { useMineMutation } from './use-mine-mutation'

const LOTS_RE = /^[1-9]\d{0,8}$/
const PRICE_RE = /^\d+(\.\d+)?$/

/** Close a position, all of it or some lots, at the market or with a reduce-only limit order. */
export function CloseSheet({ p, mark, onClose }: { p: ContractPosition; mark: string; onClose: () => void }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const perp = usePerpName()
  const [type, setType] = useState<'market' | 'limit'>('market')
  const [price, setPrice] = useState(mark)
  const [lots, setLots] = useState(p.lots)
  const [error, setError] = useState('')
  const ids = { price: useId(), lots: useId() }
  const close = useMineMutation(
    contractApi.close,
    (o) => (o.status === 'filled' ? t`Position closed` : t`Close order placed`),
    { after: onClose },
  )
  const submit = () => {
    if (!LOTS_RE.test(lots) || gt(lots, p.lots)) {
      setError(t`Lots: a whole number from 1 to ${p.lots}`)
      return
    }
    if (type === 'limit' && (!PRICE_RE.test(price) || lte(price, '0'))) {
      setError(t`Enter a price above 0`)
      return
    }
    close.mutate({
      symbol: p.symbol,
      side: p.side,
      type,
      ...(lots === p.lots ? {} : { lots }),
      ...(type === 'limit' ? { price } : {}),
    })
  }
  return (
    <Sheet title={t`Close position`} onClose={onClose} closeLabel={t`Cancel`} testId="close-sheet">
      <p className={sheet.confirmText}>
        {p.side === 'long' ? t`Long` : t`Short`} · {perp(p.symbol)} · {t`${amount(p.lots)} lots`}
      </p>
      <TabRow
        label={t`Order type`}
        className={styles.segment}
        value={type}
        options={[
          ['market', t({ message: 'Market', context: 'order type' })],
          ['limit', t`Limit`],
        ]}
        onChange={setType}
        testId="close"
      />
      {type === 'limit' && (
        <div className={styles.field}>
          <label htmlFor={ids.price}>{t`Price (USDT)`}</label>
          <DecimalInput
            id={ids.price}
            value={price}
            data-testid="close-price"
            onChange={(v) => {
              setPrice(v)
              setError('')
            }}
          />
        </div>
      )}
      <div className={styles.field}>
        <label htmlFor={ids.lots}>{t`Lots`}</label>
        <input
          id={ids.lots}
          inputMode="numeric"
          value={lots}
          data-testid="close-lots"
          onChange={(e) => {
            setLots(e.target.value.replace(/\D/g, ''))
            setError('')
          }}
        />
      </div>
      <Alert text={error} className={styles.error} as="p" />
      <div className={sheet.sheetActions}>
        <button type="button" className={sheet.btn} onClick={onClose}>
          {t`Cancel`}
        </button>
        <button
          type="button"
          className={sheet.btnPrimary}
          data-testid="confirm-ok"
          onClick={submit}
          disabled={close.isPending}
        >
          {t`Confirm close`}
        </button>
      </div>
    </Sheet>
  )
}
