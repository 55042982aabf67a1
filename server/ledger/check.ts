import { normalize } from '@common/money/decimal'
import { sql } from 'kysely'
import type { Tx } from './ledger'

export interface LedgerReport {
  entries: number
  postings: number
  balances: number
  /** Assets whose postings do not sum to zero. */
  unbalancedAssets: { asset: string; total: string }[]
  /** Balances that differ from the sum of their postings. */
  mismatchedBalances: {
    holder: string
    account: string
    asset: string
    available: string
    frozen: string
    postedAvailable: string
    postedFrozen: string
  }[]
}

/** A balance as stored next to the sum of its postings, as both checks' SQL answers it. */
interface MismatchRow {
  holder: string
  account: string
  asset: string
  available: string
  frozen: string
  posted_available: string
  posted_frozen: string
}

/** The findings of a check (either one) as the report gives them. */
function findings(
  unbalanced: { asset: string; total: string }[],
  mismatched: MismatchRow[],
): Pick<LedgerReport, 'unbalancedAssets' | 'mismatchedBalances'> {
  return {
    unbalancedAssets: unbalanced.map((r) => ({ asset: r.asset, total: normalize(r.total) })),
    mismatchedBalances: mismatched.map((r) => ({
      holder: r.holder,
      account: r.account,
      asset: r.asset,
      available: normalize(r.available),
      frozen: normalize(r.frozen),
      postedAvailable: normalize(r.posted_available),
      postedFrozen: normalize(r.posted_frozen),
    })),
  }
}

/** The ledger invariant (docs/design.md section 5), checked in SQL over the whole history. */
export async function checkLedger(db: Tx): Promise<LedgerReport> {
  const counts = await sql<{ entries: number; postings: number; balances: number }>`
    select (select count(*) from ledger_entry)::int as entries,
           (select count(*) from ledger_posting)::int as postings,
           (select count(*) from balance)::int as balances`.execute(db)
  const unbalanced = await sql<{ asset: string; total: string }>`
    select asset, sum(amount)::text as total from ledger_posting group by asset having sum(amount) <> 0`.execute(
    db,
  )
  const mismatched = await sql<MismatchRow>`
    with posted as (
      select holder, account, asset,
             coalesce(sum(amount) filter (where bucket = 'available'), 0) as available,
             coalesce(sum(amount) filter (where bucket = 'frozen'), 0) as frozen
      from ledger_posting group by holder, account, asset
    )
    select coalesce(b.holder, p.holder) as holder, coalesce(b.account, p.account) as account,
           coalesce(b.asset, p.asset) as asset,
           coalesce(b.available, 0)::text as available, coalesce(b.frozen, 0)::text as frozen,
           coalesce(p.available, 0)::text as posted_available, coalesce(p.frozen, 0)::text as posted_frozen
    from balance b full outer join posted p
      on p.holder = b.holder and p.account = b.account and p.asset = b.asset
    where coalesce(b.available, 0) <> coalesce(p.available, 0) or coalesce(b.frozen, 0) <> coalesce(p.frozen, 0)
  `.execute(db)
  const c = counts.rows[0] ?? { entries: 0, postings: 0, balances: 0 }
  return {
    entries: Number(c.entries),
    postings: Number(c.postings),
    balances: Number(c.balances),
    ...findings(unbalanced.rows, mismatched.rows),
  }
}

export const ledgerIsSound = (r: LedgerReport): boolean =>
  r.unbalancedAssets.length === 0 && r.mismatchedBalances.length === 0

/**
 * The invariant over the entries after `afterId` only (the continuous check, server/ledger/watch.ts):
 * each new entry's postings sum to zero per asset, and every balance a new entry touched equals
 * the sum of all its postings. `entries` counts the new entries.
 */
export async function checkLedgerSince(db: Tx, afterId: number): Promise<LedgerReport & { maxId: number }> {
  const counts = await sql<{ entries: number; max_id: number | null }>`
    select count(*)::int as entries, max(id) as max_id from ledger_entry where id > ${afterId}`.execute(db)
  const unbalanced = await sql<{ asset: string; total: string }>`
    select asset, sum(amount)::text as total from ledger_posting where entry_id > ${afterId}
    group by entry_id, asset having sum(amount) <> 0`.execute(db)
  const mismatched = await sql<MismatchRow>`
    with touched as (
      select distinct holder, account, asset from ledger_posting where entry_id > ${afterId}
    ), posted as (
      select p.holder, p.account, p.asset,
             coalesce(sum(p.amount) filter (where p.bucket = 'available'), 0) as available,
             coalesce(sum(p.amount) filter (where p.bucket = 'frozen'), 0) as frozen
      from ledger_posting p join touched t on t.holder = p.holder and t.account = p.account and t.asset = p.asset
      group by p.holder, p.account, p.asset
    )
    select p.holder, p.account, p.asset,
           coalesce(b.available, 0)::text as available, coalesce(b.frozen, 0)::text as frozen,
           p.available::text as posted_available, p.frozen::text as posted_frozen
    from posted p left join balance b on b.holder = p.holder and b.account = p.account and b.asset = p.asset
    where coalesce(b.available, 0) <> p.available or coalesce(b.frozen, 0) <> p.frozen
  `.execute(db)
  const c = counts.rows[0]
  return {
    entries: Number(c?.entries ?? 0),
    postings: 0,
    balances: mismatched.rows.length,
    maxId: Number(c?.max_id ?? afterId),
    ...findings(unbalanced.rows, mismatched.rows),
  }
}
