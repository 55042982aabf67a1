import type { OptionSetting } from '@common/option/schema'
import type { Db } from '../../db/db'
import type { Tx } from '../../ledger/ledger'
import type { RoundRow } from './round-repo'

/**
 * What placing an order and settling a round need from the option service: its clock, settings,
 * index, rounds and pool. They take this, not the service class, so the files import one another
 * one way only.
 */
export interface OptionDesk {
  readonly db: Db
  now(): number
  init(): Promise<void>
  setting(symbol: string, period: number): OptionSetting | undefined
  index(symbol: string): string | null
  /** How long a round without a delivery price waits for a fresh index (ms; 0: void at once). */
  indexWaitMs(): number
  ensureRound(trx: Tx, s: OptionSetting, start: number): Promise<RoundRow>
  pool(trx?: Tx): Promise<{ balance: string; exposure: string }>
  trading(symbol: string): boolean
}
