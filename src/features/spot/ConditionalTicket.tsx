import type { Instrument } from '@common/market/types'
import { ocoOrderSchema, placeOrderSchema, type SpotSide } from '@common/spot/schema'
import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useId, useState } from 'react'
import * as v from 'valibot'
import { HttpError } from '@/lib/http/client'
import { tokenAtom } from '@/lib/store'
import { showToast } from '@/ui/feedback'
import { spotApi, spotKeys } from './api'
import {
  type CondField,
  type ConditionalKind,
  conditionalRequest,
  emptyCondFields,
  fieldsOf,
} from './conditional-ticket'
import { DecimalField } from './OrderFormParts'
import styles from './Spot.module.css'

/**
 * The ticket of a conditional order (stop-limit, stop-market, take-profit, OCO, trailing stop):
 * the fields its kind needs, a line on when it triggers, and its own submit. The order waits
 * with its funds frozen until the last traded price reaches its trigger (docs/products/spot.md).
 */
export function ConditionalTicket({
  kind,
  side,
  symbol,
  inst,
}: {
  kind: ConditionalKind
  side: SpotSide
  symbol: string
  inst: Instrument | undefined
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const qc = useQueryClient()
  const token = useAtomValue(tokenAtom)
  const [f, setF] = useState(emptyCondFields)
  const id = useId()
  const base = inst?.base ?? ''
  const quote = inst?.quote ?? ''
  const labels: Record<CondField, string> = {
    trigger: t`Trigger price (${quote})`,
    price: kind === 'take_profit' ? t`Limit price (${quote}), empty for market` : t`Limit price (${quote})`,
    stopPrice: t`Stop limit price (${quote}), empty for market`,
    amount: t`Amount (${base})`,
    total: t`Total (${quote})`,
    callback: t`Callback rate (%)`,
    activation: t`Activation price (${quote}), optional`,
  }
  const hints: Record<ConditionalKind, string> = {
    stop_limit: t`When the last price reaches the trigger, a limit order is placed. Funds are held from now.`,
    stop_market: t`When the last price reaches the trigger, a market order is placed. Funds are held from now.`,
    take_profit: t`When the last price reaches the trigger, the order is placed to take the profit.`,
    oco: t`A limit order and a stop together: when one trades or triggers, the other is cancelled.`,
    trailing: t`Follows the best price and triggers when the price turns back by the callback rate (0.1 to 20 %).`,
  }
  const done = () => {
    showToast(t`Order placed`)
    setF(emptyCondFields())
    void qc.invalidateQueries({ queryKey: spotKeys.root })
  }
  const place = useMutation({ mutationFn: spotApi.place, onSuccess: done })
  const oco = useMutation({ mutationFn: spotApi.oco, onSuccess: done })
  const onError = (err: unknown) => {
    if (!(err instanceof HttpError)) showToast(String(err), { error: true })
  }
  const submit = () => {
    if (!token) {
      void navigate({ to: '/pages/login/index' })
      return
    }
    const r = conditionalRequest(kind, side, symbol, f)
    if ('oco' in r) {
      const parsed = v.safeParse(ocoOrderSchema, r.oco)
      if (parsed.success) return oco.mutate(parsed.output, { onError })
    } else {
      const parsed = v.safeParse(placeOrderSchema, r.place)
      if (parsed.success) return place.mutate(parsed.output, { onError })
    }
    showToast(t`Please enter a valid price and amount`, { error: true })
  }
  return (
    <div className={styles.condTicket} data-testid="conditional-ticket" data-kind={kind}>
      {fieldsOf(kind, side, f.price).map((k) => (
        <DecimalField
          key={k}
          id={`${id}-${k}`}
          label={labels[k]}
          testId={`cond-${k}`}
          value={f[k]}
          onChange={(x) => setF((old) => ({ ...old, [k]: x }))}
        />
      ))}
      <p className={styles.flagHint}>{hints[kind]}</p>
      <button
        type="button"
        data-testid="submit-conditional"
        className={styles.submit}
        data-side={side}
        disabled={place.isPending || oco.isPending}
        onClick={submit}
      >
        {!token ? t`Log in` : side === 'buy' ? t`Buy ${base}` : t`Sell ${base}`}
      </button>
    </div>
  )
}
