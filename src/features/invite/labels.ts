import type { Rank, TierOrNone } from '@common/invite/rules'
import { mul, normalize } from '@common/money/decimal'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export const TIER_LABELS: Record<TierOrNone, MessageDescriptor> = {
  none: msg`Regular`,
  gold: msg`Gold`,
  diamond: msg`Diamond`,
  premium: msg`Premium`,
}

export const RANK_LABELS: Record<Rank, MessageDescriptor> = {
  ordinary: msg`Ordinary user`,
  partner1: msg`Partner level 1`,
  partner2: msg`Partner level 2`,
  partner3: msg`Partner level 3`,
}

/** A fraction as a percentage ('0.2' -> '20%'), exactly. */
export const pct = (fraction: string): string => `${normalize(mul(fraction, '100'))}%`
