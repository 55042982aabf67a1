import { validateTpsl } from '@common/contract/orders'
import type { ContractSide } from '@common/contract/schema'
import { gt } from '@common/money/decimal'

export type TpslProblem = { field: 'tp' | 'sl'; error: 'tp_invalid' | 'sl_invalid' | 'bad_number' }

const DECIMAL = /^\d+(\.\d+)?$/

/**
 * The TP/SL form before it is sent: empty fields clear a trigger, anything else must be a price
 * above 0 that passes the shared docs/spec.md section 5 rule (common/contract/orders validateTpsl).
 */
export function checkTpsl(
  side: ContractSide,
  open: string,
  current: string,
  tp: string,
  sl: string,
): TpslProblem | null {
  for (const [field, value] of [
    ['tp', tp],
    ['sl', sl],
  ] as const) {
    if (value !== '' && (!DECIMAL.test(value) || !gt(value, '0'))) return { field, error: 'bad_number' }
  }
  const verdict = validateTpsl(side, open, current, tp || null, sl || null)
  if (verdict === 'tpInvalid') return { field: 'tp', error: 'tp_invalid' }
  if (verdict === 'slInvalid') return { field: 'sl', error: 'sl_invalid' }
  return null
}
