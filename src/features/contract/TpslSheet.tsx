import type { ContractPosition } from '@common/contract/schema'
import { useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { DecimalInput } from '@/ui/DecimalInput'
import { Sheet } from '@/ui/Sheet'
import sheet from '@/ui/Sheet.module.css'
import { Stat } from '@/ui/Stat'
import { contractApi, contractKeys } from './api'
import styles from './Contract.module.css'
import { checkTpsl } from './tpsl'
import { useMineMutation } from './use-mine-mutation'

/** Take-profit and stop-loss of one position, checked as docs/spec.md section 5 says before sending. */
export function TpslSheet({ p, mark, onClose }: { p: ContractPosition; mark: string; onClose: () => void }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const [tp, setTp] = useState(p.tp ?? '')
  const [sl, setSl] = useState(p.sl ?? '')
  const [error, setError] = useState<{ field: 'tp' | 'sl'; text: string } | null>(null)
  const ids = { tp: useId(), sl: useId() }
  const save = useMineMutation(contractApi.tpsl, () => t`Take profit and stop loss saved`, {
    after: onClose,
    reload: contractKeys.positions(),
  })
  const long = p.side === 'long'
  const messages = {
    tp_invalid: long
      ? t`Take profit must be above the open price and the current price`
      : t`Take profit must be below the open price and the current price`,
    sl_invalid: long
      ? t`Stop loss must be below the open price and the current price`
      : t`Stop loss must be above the open price and the current price`,
    bad_number: t`Enter a price above 0`,
  }
  const submit = () => {
    const problem = checkTpsl(p.side, p.avgOpenPrice, mark, tp, sl)
    if (problem) {
      setError({ field: problem.field, text: messages[problem.error] })
      return
    }
    save.mutate({ symbol: p.symbol, side: p.side, tp: tp || null, sl: sl || null })
  }
  const field = (k: 'tp' | 'sl', label: string, value: string, set: (v: string) => void) => (
    <div className={styles.field} data-invalid={error?.field === k || undefined}>
      <label htmlFor={ids[k]}>{label}</label>
      <DecimalInput
        id={ids[k]}
        data-testid={`${k}-input`}
        value={value}
        aria-invalid={error?.field === k}
        aria-describedby={error?.field === k ? `${ids[k]}-err` : undefined}
        onChange={(v) => {
          set(v)
          setError(null)
        }}
      />
    </div>
  )
  return (
    <Sheet title={t`Take profit / stop loss`} onClose={onClose} closeLabel={t`Cancel`} testId="tpsl-sheet">
      <dl className={styles.lines}>
        <Stat label={t`Avg. open price`}>{amount(p.avgOpenPrice)}</Stat>
        <Stat label={t`Mark price`}>{amount(mark)}</Stat>
      </dl>
      {field('tp', t`Take-profit price (USDT)`, tp, setTp)}
      {error?.field === 'tp' && (
        <p id={`${ids.tp}-err`} className={styles.error} role="alert">
          {error.text}
        </p>
      )}
      {field('sl', t`Stop-loss price (USDT)`, sl, setSl)}
      {error?.field === 'sl' && (
        <p id={`${ids.sl}-err`} className={styles.error} role="alert">
          {error.text}
        </p>
      )}
      <p className={styles.hint}>
        {t`Triggered by the index price; the position is then closed at the market. Leave a field empty to remove it.`}
      </p>
      <button
        type="button"
        className={sheet.btnPrimary}
        data-testid="tpsl-save"
        onClick={submit}
        disabled={save.isPending}
      >
        {t`Confirm`}
      </button>
    </Sheet>
  )
}
