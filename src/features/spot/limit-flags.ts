import type { TimeInForce } from '@common/spot/schema'

/** What the ticket's "advanced" switch picks for a limit order: post-only, IOC or FOK. */
export type LimitFlag = 'post_only' | 'IOC' | 'FOK'

/** The placement fields of the pick: nothing while the switch is off (a GTC order). */
export function flagFields(
  advanced: boolean,
  flag: LimitFlag,
): { postOnly?: true; timeInForce?: TimeInForce } {
  if (!advanced) return {}
  return flag === 'post_only' ? { postOnly: true } : { timeInForce: flag }
}
