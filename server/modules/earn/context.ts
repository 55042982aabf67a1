import { normalize } from '@common/money/decimal'
import type { Db } from '../../db/db'

export type Log = { warn(o: unknown, m?: string): void; info(o: unknown, m?: string): void }

/** Who acts in the console: the staff member and their address, as the audit log records them. */
export interface Actor {
  actorId: string
  ip?: string
}

/**
 * What the earn capabilities (staking, launch, console) share: the database, the clock (the
 * wall clock plus the dev hooks' test offset) and the scheduler's logger (attached by the jobs).
 */
export interface EarnCtx {
  readonly db: Db
  now(): number
  readonly log?: Log
}

/** A stored numeric as a decimal string (null and undefined as 0). */
export const n = (x: string | number | null | undefined) => normalize(String(x ?? '0'))
