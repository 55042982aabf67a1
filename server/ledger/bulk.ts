import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { LEDGER_REASONS } from '@common/ledger/reasons'
import { type RawBuilder, sql } from 'kysely'
import { AppError } from '../http/errors'
import type { BalanceKey, Tx } from './ledger'

/**
 * Set-based posting: many ledger entries whose entries and postings are produced by SQL queries
 * (typically over rows the caller just changed in the same transaction), written in two
 * statements whatever their number, without the rows ever travelling to the application:
 *
 * 1. check and lock: the set is checked (known reasons, buckets, every entry balanced per asset,
 *    no empty entry, no posting without its entry, unique entry keys), the balances it touches
 *    that do not exist yet are created (ours until commit), and the existing ones row-locked
 *    (SELECT ... FOR UPDATE, no new row versions) in the one global lock order (holder, account,
 *    asset, byte order: the order lockOrder() sorts keys in). Unlike postEntry, creation and
 *    locking are two steps: two sets creating the same new balance concurrently may deadlock,
 *    which PostgreSQL detects and aborts one (the caller's retry: a scheduler's next pass);
 * 2. write: entry ids from the sequence (in `ord` order), the entries, their postings with the
 *    running balance of their bucket (`balance_after`, as if posted one entry after the other in
 *    `ord` order, postings in `seq` order), and one UPDATE of every touched balance by its
 *    aggregated change.
 *
 * A user balance (any holder but the platform's) that any entry would leave below zero, or a
 * balance listed in `nonNegative` that the set would leave below zero, refuses the set with
 * AppError('insufficientBalance'). The caller runs inside one transaction (db.transaction()), so
 * a refusal, like any other error, changes nothing. Zero-amount postings are dropped, as postEntry
 * does. The queries are evaluated once per statement: they must return the same rows both times
 * (a read of the transaction's own rows, not of a moving target).
 */
export interface EntrySet {
  /**
   * One row per entry: `ord` (bigint, unique in the set: the entry's key and posting order),
   * `reason` (a LedgerReason), `ref_type`, `ref_id`, `memo`, `actor_id` (text, may be null).
   */
  entries: RawBuilder<unknown>
  /**
   * One row per posting: `ord` (its entry), `seq` (order inside the entry), `holder`, `account`,
   * `asset`, `bucket` ('available' | 'frozen'), `amount` (numeric; positive credits).
   */
  postings: RawBuilder<unknown>
  /** Platform balances that must not end below zero either (e.g. a payout pool). */
  nonNegative?: readonly BalanceKey[]
}

export interface EntrySetResult {
  /** Entries written. */
  entries: number
  /** Postings written (non-zero ones). */
  postings: number
  /** Distinct balances changed. */
  balances: number
}

const typed = (set: EntrySet) => sql`
  bulk_e as materialized (
    select x.ord::bigint as ord, x.reason::text as reason, x.ref_type::text as ref_type,
           x.ref_id::text as ref_id, coalesce(x.memo::text, '') as memo, x.actor_id::text as actor_id
    from (${set.entries}) x
  ),
  bulk_p as materialized (
    select x.ord::bigint as ord, x.seq::int as seq, x.holder::text as holder, x.account::text as account,
           x.asset::text as asset, x.bucket::text as bucket, x.amount::numeric as amount
    from (${set.postings}) x
    where x.amount is null or x.amount::numeric <> 0
  )`

/** Checks the set and locks its balances (statement 1); returns the set's counts. */
async function checkAndLock(trx: Tx, set: EntrySet): Promise<EntrySetResult> {
  const { rows } = await sql<{
    entries: number
    postings: number
    balances: number
    dup: number
    reasons: string | null
    buckets: number
    nulls: number
    orphans: number
    empty: number
    unbalanced: number
  }>`
    with ${typed(set)},
    bulk_keys as materialized (
      select distinct holder, account, asset from bulk_p
      where holder is not null and account is not null and asset is not null
    ),
    bulk_created as (
      insert into balance (holder, account, asset)
      select holder, account, asset from bulk_keys
      order by holder collate "C", account collate "C", asset collate "C"
      on conflict (holder, account, asset) do nothing
      returning 1
    ),
    bulk_locked as (
      select 1 from balance b join bulk_keys k on k.holder = b.holder and k.account = b.account and k.asset = b.asset
      order by b.holder collate "C", b.account collate "C", b.asset collate "C"
      for update of b
    )
    select
      (select count(*) from bulk_e)::int as entries,
      (select count(*) from bulk_p)::int as postings,
      ((select count(*) from bulk_locked) + (select count(*) from bulk_created))::int as balances,
      (select count(*) - count(distinct ord) from bulk_e)::int as dup,
      (select string_agg(distinct coalesce(reason, 'null'), ', ') from bulk_e
        where reason is null or reason not in (select json_array_elements_text(${JSON.stringify(LEDGER_REASONS)}::json))) as reasons,
      (select count(*) from bulk_p where bucket is null or bucket not in ('available', 'frozen'))::int as buckets,
      (select count(*) from bulk_p where ord is null or seq is null or holder is null or account is null
        or asset is null or amount is null)::int as nulls,
      (select count(*) from (select ord from bulk_e union select ord from bulk_p) u)::int
        - (select count(*) from bulk_e)::int as orphans,
      (select count(*) from bulk_e)::int - (select count(distinct ord) from bulk_p)::int as empty,
      (select count(*) from (select 1 from bulk_p group by ord, asset having sum(amount) <> 0) u)::int as unbalanced
  `.execute(trx)
  const r = rows[0]
  if (!r) throw new Error('ledger set: no check row')
  if (r.reasons) throw new Error(`unknown ledger reason ${r.reasons}`)
  if (r.nulls) throw new Error(`ledger set: ${r.nulls} postings with a missing field`)
  if (r.buckets) throw new Error(`ledger set: ${r.buckets} postings on an unknown bucket`)
  if (r.dup) throw new Error(`ledger set: ${r.dup} duplicate entry keys`)
  if (r.orphans) throw new Error(`ledger set: ${r.orphans} postings without their entry`)
  if (r.unbalanced) throw new Error(`unbalanced ledger entries in a set: ${r.unbalanced}`)
  if (r.empty) throw new Error(`ledger set: ${r.empty} empty entries`)
  return { entries: r.entries, postings: r.postings, balances: r.balances }
}

/**
 * Posts a set of entries (see EntrySet) in two statements. An empty set writes nothing. Returns
 * what was written.
 */
export async function postEntrySet(trx: Tx, set: EntrySet): Promise<EntrySetResult> {
  const counts = await checkAndLock(trx, set)
  if (counts.entries === 0) return counts
  const floors = JSON.stringify(set.nonNegative ?? [])
  const { rows } = await sql<{ balances: number; overdrawn: number }>`
    with ${typed(set)},
    bulk_ids as materialized (
      -- A row per id, joined by number: subscripting one big array per row costs O(n) each time.
      select row_number() over (order by id) as n, id
      -- The sequence is looked up once (an InitPlan), not once per id.
      from (select nextval((select pg_get_serial_sequence('ledger_entry', 'id')::regclass)) as id
            from generate_series(1, ${counts.entries}::int)) n
    ),
    bulk_run as materialized (
      select dense_rank() over (order by p.ord) as n, p.seq, p.holder, p.account, p.asset, p.bucket, p.amount,
        case when p.bucket = 'available' then b.available else b.frozen end
          + sum(p.amount) over (partition by p.holder, p.account, p.asset, p.bucket
              order by p.ord, p.seq rows between unbounded preceding and current row) as after,
        row_number() over (partition by p.holder, p.account, p.asset, p.bucket, p.ord
              order by p.seq desc) = 1 as entry_last
      from bulk_p p join balance b on b.holder = p.holder and b.account = p.account and b.asset = p.asset
    ),
    bulk_entries as (
      insert into ledger_entry (id, reason, ref_type, ref_id, memo, actor_id)
      select i.id, e.reason, e.ref_type, e.ref_id, e.memo, e.actor_id
      from (select row_number() over (order by ord) as n, * from bulk_e) e
      join bulk_ids i on i.n = e.n
      order by e.n
    ),
    bulk_postings as (
      insert into ledger_posting (entry_id, holder, account, asset, bucket, amount, balance_after)
      select i.id, r.holder, r.account, r.asset, r.bucket, r.amount, r.after
      from bulk_run r
      join bulk_ids i on i.n = r.n
      order by r.n, r.seq
    ),
    bulk_delta as (
      select holder, account, asset,
        coalesce(sum(amount) filter (where bucket = 'available'), 0) as available,
        coalesce(sum(amount) filter (where bucket = 'frozen'), 0) as frozen
      from bulk_p group by holder, account, asset
    ),
    bulk_balances as (
      update balance b set available = b.available + d.available, frozen = b.frozen + d.frozen,
        updated_at = now()
      from bulk_delta d
      where b.holder = d.holder and b.account = d.account and b.asset = d.asset
      returning b.holder, b.account, b.asset, b.available, b.frozen
    ),
    bulk_floor as (
      select v.holder, v.account, v.asset
      from json_to_recordset(${floors}::json) as v(holder text, account text, asset text)
    )
    select
      (select count(*) from bulk_balances)::int as balances,
      ((select count(*) from bulk_run where entry_last and after < 0 and holder <> ${SYSTEM_HOLDER})
        + (select count(*) from bulk_balances b join bulk_floor f
             on f.holder = b.holder and f.account = b.account and f.asset = b.asset
           where b.available < 0 or b.frozen < 0))::int as overdrawn
  `.execute(trx)
  const r = rows[0]
  if (!r) throw new Error('ledger set: no write row')
  if (r.overdrawn) throw new AppError('insufficientBalance')
  if (r.balances !== counts.balances)
    throw new Error(`ledger set: ${counts.balances} balances locked, ${r.balances} written`)
  return counts
}
