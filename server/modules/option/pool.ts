import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { normalize } from '@common/money/decimal'
import type { Db } from '../../db/db'
import { type BalanceKey, move, postEntry, type Tx } from '../../ledger/ledger'
import { availableOf, lockPool, lockPoolSeed } from './repo'
import { openExposure } from './round-repo'

/** The options pool: it pays the winners and takes the losers' principal, funded from the treasury. */
export const ASSET = 'USDT'
export const POOL: BalanceKey = { holder: SYSTEM_HOLDER, account: 'option_pool', asset: ASSET }
export const TREASURY: BalanceKey = { holder: SYSTEM_HOLDER, account: 'treasury', asset: ASSET }
export const FEES: BalanceKey = { holder: SYSTEM_HOLDER, account: 'fees', asset: ASSET }
export const optionKey = (holder: string): BalanceKey => ({ holder, account: 'option', asset: ASSET })

/** Initial pool, from the treasury, once. */
export const POOL_SEED = '500000'

/** Funds the pool from the treasury once per database (the first start). */
export async function seedPool(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await lockPoolSeed(trx)) return
    await postEntry(trx, {
      reason: 'option_settlement',
      refType: 'option_pool_seed',
      memo: 'option pool: initial funding from the treasury',
      postings: move(TREASURY, POOL, POOL_SEED),
    })
  })
}

/** The pool's balance and the worst case it covers for the rounds not settled yet. */
export async function poolState(trx: Tx): Promise<{ balance: string; exposure: string }> {
  return { balance: await availableOf(trx, POOL), exposure: await openExposure(trx) }
}

/** Funds the pool from the treasury (console), one ledger entry. */
export async function fundPool(trx: Tx, amount: string, actorId: string, reason: string): Promise<void> {
  await lockPool(trx)
  await postEntry(trx, {
    reason: 'option_settlement',
    refType: 'option_pool_funding',
    memo: reason,
    actorId,
    postings: move(TREASURY, POOL, normalize(amount)),
  })
}
