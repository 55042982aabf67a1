import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import type { Db } from '../../db/db'
import { type BalanceKey, move, postEntry } from '../../ledger/ledger'
import * as repo from './repo'

/**
 * The ETF desk: the system account that issues and takes back units against USDT. Holders' units
 * and USDT sit in their finance account; fees go to the fees account.
 */

export const USDT = 'USDT'
export const ACCOUNT = 'finance'
export const desk = (asset: string): BalanceKey => ({ holder: SYSTEM_HOLDER, account: 'etf_desk', asset })
export const holderKey = (holder: string, asset: string): BalanceKey => ({ holder, account: ACCOUNT, asset })
export const FEES: BalanceKey = { holder: SYSTEM_HOLDER, account: 'fees', asset: USDT }
const TREASURY: BalanceKey = { holder: SYSTEM_HOLDER, account: 'treasury', asset: USDT }
/** The desk's opening funds from the treasury, so gains of holders are paid from real funds. */
export const DESK_SEED = '1000000'

/** The desk starts with DESK_SEED USDT from the treasury, once (the entry's reference is looked up first). */
export function seedDesk(db: Db): Promise<void> {
  return db.transaction().execute(async (trx) => {
    if (await repo.lockDeskSeed(trx)) return
    await postEntry(trx, {
      reason: 'market_maker_funding',
      refType: 'etf_desk_seed',
      memo: 'ETF desk: initial funding from the treasury',
      postings: move(TREASURY, desk(USDT), DESK_SEED),
    })
  })
}
