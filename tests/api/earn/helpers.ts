import { sql } from 'kysely'
import { expect } from 'vitest'
import type { Db } from '../../../server/db/db'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { readBalances } from '../../../server/ledger/ledger'
import { api } from '../accounts/helpers'
import type { Harness } from '../harness'

export const DAY = 86_400_000
export const HOUR = 3_600_000

export function earnApi(h: Harness) {
  const { post, get } = api(h.app)
  return {
    post,
    get,
    clock: (advanceMs: number) =>
      post<{ now: number; moved: number; announced: number; settled: number }>('dev/earn/clock', {
        advanceMs,
      }),
  }
}

export async function financeBalance(db: Db, holder: string, asset = 'USDT') {
  const [b] = await readBalances(db, holder, { account: 'finance', asset })
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' }
}

export async function systemBalance(db: Db, account: string, asset = 'USDT') {
  const [b] = await readBalances(db, 'system', { account, asset })
  return b?.available ?? '0'
}

/** Ledger sound, no user below zero, the pools never below zero, and each finance frozen bucket
 * exactly the user's earning orders (principal + rewards) plus unsettled commitments. */
export async function expectSound(db: Db): Promise<void> {
  const report = await checkLedger(db)
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true)
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from balance
    where (holder <> 'system' and (available < 0 or frozen < 0))
       or (holder = 'system' and account = 'staking_rewards' and available < 0)`.execute(db)
  expect(rows[0]?.n).toBe(0)
  const { rows: off } = await sql<{ holder: string; asset: string }>`
    with owed as (
      select user_id as holder, asset, sum(amount + accrued) as f from staking_order where status = 'earning' group by 1, 2
      union all
      select c.user_id, p.currency, sum(c.amount) from sub_commitment c join sub_project p on p.id = c.project_id
      where not c.settled group by 1, 2
    ), expected as (select holder, asset, sum(f) as f from owed group by 1, 2)
    select b.holder, b.asset from balance b left join expected e on e.holder = b.holder and e.asset = b.asset
    where b.account = 'finance' and b.holder <> 'system' and b.frozen <> coalesce(e.f, 0)`.execute(db)
  expect(off).toEqual([])
}
