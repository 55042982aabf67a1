import type { Rank, RankRule, TierRule } from '@common/invite/rules'
import type { DecimalString } from '@common/money/decimal'
import type { Db } from '../../db/db'
import type { Tx } from '../../ledger/ledger'

/**
 * What the daily passes (rebates.ts, vip.ts) need from the invite service: its rules, clock, the
 * USDT value of holdings and an inviter's rank. They take this, not the service class, so the files
 * import one another one way only.
 */
export interface InviteDesk {
  readonly db: Db
  tiers: TierRule[]
  ranks: RankRule[]
  now(): number
  reload(): Promise<void>
  valueUsdt(rows: { asset: string; amount: string }[]): DecimalString
  rankOf(
    inviterId: string,
    now?: number,
    db?: Tx,
  ): Promise<{ rank: Rank; active: number; volume: DecimalString }>
}
