import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { sql } from 'kysely'
import type { Tx } from '../../ledger/ledger'

/** Queries of the console's earn overview: pools, what is owed and paid per asset. */

/** The staking rewards pools' balances, by asset. */
export function pools(db: Tx) {
  return db
    .selectFrom('balance')
    .select(['asset', 'available'])
    .where('holder', '=', SYSTEM_HOLDER)
    .where('account', '=', 'staking_rewards')
    .orderBy('asset')
    .execute()
}

/** Per asset, of the earning orders: rewards still owed, principal earning, how many. */
export function earning(db: Tx) {
  return db
    .selectFrom('staking_order')
    .select([
      'asset',
      sql<string>`sum(expected_reward - accrued)::text`.as('owed'),
      sql<string>`sum(amount)::text`.as('earning'),
      sql<number>`count(*)::int`.as('orders'),
    ])
    .where('status', '=', 'earning')
    .groupBy('asset')
    .execute()
}

/** Rewards paid so far, per asset. */
export function rewardsPaid(db: Tx) {
  return db
    .selectFrom('staking_reward as r')
    .innerJoin('staking_order as o', 'o.id', 'r.order_id')
    .select(['o.asset', sql<string>`sum(r.amount)::text`.as('paid')])
    .groupBy('o.asset')
    .execute()
}
