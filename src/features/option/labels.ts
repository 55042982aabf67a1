import { symbolLabel } from '@common/market/symbol'
import { round } from '@common/money/decimal'
import type { OptionType } from '@common/option/rules'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { instrumentsQueryOptions } from '@/lib/market/api'
import { percentDp, ratePercent, signTrend } from './view'

/** Translated names of option directions, periods, statuses and outcomes. */
export function useOptionLabels() {
  const { t } = useLingui()
  const types: Record<OptionType, string> = { up: t`Up`, down: t`Down`, flat: t`Flat` }
  return {
    type: (x: OptionType) => types[x],
    period: (s: number) =>
      s < 60 ? t`${s}s` : s < 3600 ? t`${s / 60}m` : s < 86400 ? t`${s / 3600}h` : t`${s / 86400}d`,
    status: (x: string) =>
      x === 'waiting' ? t`Waiting for delivery` : x === 'settling' ? t`Settling` : t`Settled`,
    outcome: (x: string | null) =>
      x === 'win' ? t`Won` : x === 'lose' ? t`Lost` : x === 'void' ? t`Refunded` : '',
  }
}

/**
 * The option screens' figures in the reader's number format: prices at their instrument's price
 * precision ("65.947,93" in de, never the raw "65947.93"), rates as localized percentages, USDT
 * sums with a sign where they are a gain or a loss, and a pair in its one display form (BTC/USDT).
 */
export function useOptionFormat() {
  const f = useFormat()
  const instruments = useQuery(instrumentsQueryOptions())
  const list = instruments.data
  const pricePrecision = useCallback(
    (symbol: string) => list?.find((i) => i.symbol === symbol)?.pricePrecision,
    [list],
  )
  /** A price of `symbol` (or '--'); `dp` when the instrument list is not here yet. */
  const price = (symbol: string, value: string | null | undefined, dp?: number) => {
    if (value === null || value === undefined) return '--'
    const p = pricePrecision(symbol) ?? dp
    return p === undefined ? f.amount(value) : f.price(value, p)
  }
  /** A rate ("0.8") as a percentage ("80 %" in de). */
  const rate = (r: string) => {
    const p = ratePercent(r)
    return f.percent(p, { dp: percentDp(p) })
  }
  /** A USDT sum at two decimals. */
  const usdt = (v: string) => f.asset(v, 'USDT')
  /** A gain or a loss in USDT with its sign ("+39.90", "−50.10"), and its trend for the colour. */
  const signed = (v: string) => {
    const shown = round(v, 2, 'half-up')
    const trend = signTrend(shown)
    const text = f.amount(shown, { dp: 2 })
    return { text: trend === 'up' ? `+${text}` : text, trend }
  }
  return { price, rate, usdt, signed, pair: symbolLabel, pricePrecision }
}
