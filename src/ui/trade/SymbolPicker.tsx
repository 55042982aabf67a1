import type { Instrument } from '@common/market/types'
import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { useLiveTickers } from '@/lib/market/use-live-tickers'
import { Change } from './Price'
import styles from './SymbolPicker.module.css'

/** Bottom sheet listing the spot pairs with their live prices, searchable. */
export function SymbolPicker({
  instruments,
  current,
  onPick,
  onClose,
}: {
  instruments: Instrument[]
  current: string
  onPick: (i: Instrument) => void
  onClose: () => void
}) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const tickers = useLiveTickers()
  const [q, setQ] = useState('')
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = ref.current
    if (d && !d.open) d.showModal?.()
  }, [])
  const list = instruments.filter((i) => i.symbol.includes(q.trim().toUpperCase()))
  return (
    <dialog
      ref={ref}
      className={styles.picker}
      aria-label={t`Choose a market`}
      onClose={onClose}
      onCancel={onClose}
    >
      <div className={styles.pickerHead}>
        <input
          type="search"
          placeholder={t`Search`}
          aria-label={t`Search`}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <button type="button" onClick={onClose}>
          {t`Close`}
        </button>
      </div>
      <ul>
        {list.map((i) => (
          <li key={i.symbol}>
            <button type="button" aria-current={i.symbol === current} onClick={() => onPick(i)}>
              <span className={styles.pickerPair}>
                {i.base}
                <small>/{i.quote}</small>
              </span>
              <span>{tickers?.[i.symbol]?.last ? amount(tickers[i.symbol]?.last ?? '0') : '--'}</span>
              <Change value={tickers?.[i.symbol]?.change} />
            </button>
          </li>
        ))}
      </ul>
    </dialog>
  )
}
