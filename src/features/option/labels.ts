import type { OptionType } from '@common/option/rules'
import { useLingui } from '@lingui/react/macro'

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
