import { type Bucket, SYSTEM_HOLDER } from '@common/ledger/accounts'
import { isLedgerReason, type LedgerReason } from '@common/ledger/reasons'
import { add, type DecimalString, isZero, neg, normalize } from '@common/money/decimal'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema'
import { AppError } from '../http/errors'
import {
  applyPostings,
  type BalanceKey,
  type BalanceState,
  keyOf,
  lockOrder,
  type Posting,
  unbalancedAssets,
} from './rules'

/**
 * The only module that changes balances. Callers run inside one transaction (db.transaction()),
 * build postings that sum to zero per asset, and call postEntry; it locks the touched balances in
 * the global order, refuses overdrafts, and writes the entry, its postings and the new balances.
 *
 * Round trips: locking is one statement (an upsert that creates missing rows and row-locks all
 * of them, in the global order), and writing is one statement (the balances' new values, the
 * entries and their postings, as one multi-row CTE). LedgerBatch lets a caller post many entries
 * against balances it locked once and write them all at the end (the spot engine's group commit).
 */
export type Tx = Kysely<Database>

export interface EntryInput {
  reason: LedgerReason
  refType?: string
  refId?: string
  memo?: string
  actorId?: string
  postings: Posting[]
}

/** Locks (creating when missing) the given balances, in lock order; returns their current state. */
export async function lockBalances(trx: Tx, keys: readonly BalanceKey[]): Promise<Map<string, BalanceState>> {
  const ordered = lockOrder(keys)
  const out = new Map<string, BalanceState>()
  // One statement: missing rows are created, existing ones row-locked (ON CONFLICT DO UPDATE
  // takes the row lock and returns the latest committed values), in VALUES order = lock order.
  for (const part of chunks(ordered, 5000)) {
    const rows = await trx
      .insertInto('balance')
      .values(part.map((k) => ({ holder: k.holder, account: k.account, asset: k.asset })))
      .onConflict((oc) =>
        oc.columns(['holder', 'account', 'asset']).doUpdateSet({ holder: (eb) => eb.ref('excluded.holder') }),
      )
      .returning(['holder', 'account', 'asset', 'available', 'frozen'])
      .execute()
    for (const r of rows)
      out.set(keyOf(r), { available: normalize(r.available), frozen: normalize(r.frozen) })
  }
  return out
}

/** Checks an entry before it touches anything; returns its non-zero postings. */
function checkEntry(input: EntryInput): Posting[] {
  if (!isLedgerReason(input.reason)) throw new Error(`unknown ledger reason ${input.reason}`)
  const postings = input.postings.filter((p) => !isZero(p.amount))
  const unbalanced = unbalancedAssets(postings)
  if (unbalanced.length)
    throw new Error(`unbalanced ledger entry (${input.reason}): ${unbalanced.join(', ')}`)
  if (postings.length === 0) throw new Error(`empty ledger entry (${input.reason})`)
  return postings
}

interface PendingEntry {
  input: EntryInput
  rows: { holder: string; account: string; asset: string; bucket: Bucket; amount: string; after: string }[]
}

/**
 * Many entries in one transaction with one lock statement and one write statement. lock() the
 * balances first (all at once, so the global lock order holds); post() checks and applies an entry
 * in memory (an overdraft throws AppError('insufficientBalance') and changes nothing); flush()
 * writes every pending entry, posting and balance.
 */
export class LedgerBatch {
  private readonly state = new Map<string, BalanceState>()
  private readonly dirty = new Set<string>()
  private pending: PendingEntry[] = []

  constructor(private readonly trx: Tx) {}

  /** Locks the balances not locked yet by this batch. */
  async lock(keys: readonly BalanceKey[]): Promise<void> {
    const missing = keys.filter((k) => !this.state.has(keyOf(k)))
    if (missing.length === 0) return
    for (const [k, v] of await lockBalances(this.trx, missing)) this.state.set(k, v)
  }

  isLocked(key: BalanceKey): boolean {
    return this.state.has(keyOf(key))
  }

  /** The locked balance as it stands after the entries posted so far. */
  balance(key: BalanceKey): BalanceState | undefined {
    const s = this.state.get(keyOf(key))
    return s ? { ...s } : undefined
  }

  /** Would these postings overdraw a balance (given what is posted so far)? */
  wouldOverdraw(postings: readonly Posting[]): boolean {
    return applyPostings(this.subset(postings), postings).overdrawn !== null
  }

  private subset(postings: readonly Posting[]): Map<string, BalanceState> {
    const before = new Map<string, BalanceState>()
    for (const p of postings) {
      const k = keyOf(p)
      const s = this.state.get(k)
      if (!s) throw new Error(`balance ${k.replaceAll('\u0000', '/')} was not locked`)
      before.set(k, s)
    }
    return before
  }

  /** Checks and applies one entry in memory. */
  post(input: EntryInput): void {
    const postings = checkEntry(input)
    const before = this.subset(postings)
    const { overdrawn } = applyPostings(before, postings)
    if (overdrawn) throw new AppError('insufficientBalance')
    // Running value per bucket so each posting records what the balance became.
    const rows = postings.map((p) => {
      const k = keyOf(p)
      const s = this.state.get(k) as BalanceState
      const next = { ...s, [p.bucket]: add(s[p.bucket], p.amount) }
      this.state.set(k, next)
      this.dirty.add(k)
      return {
        holder: p.holder,
        account: p.account,
        asset: p.asset,
        bucket: p.bucket,
        amount: normalize(p.amount),
        after: next[p.bucket],
      }
    })
    this.pending.push({ input, rows })
  }

  get size(): number {
    return this.pending.length
  }

  /** Writes the pending entries; returns their ids in posting order. */
  async flush(): Promise<number[]> {
    const entries = this.pending
    if (entries.length === 0) return []
    this.pending = []
    const balances = [...this.dirty].map((k) => {
      const [holder, account, asset] = k.split('\u0000') as [string, string, string]
      return { holder, account, asset, ...(this.state.get(k) as BalanceState) }
    })
    this.dirty.clear()
    return writeEntries(this.trx, entries, balances)
  }
}

/**
 * One statement: new entry ids from the sequence, the entries, their postings (in order) and
 * the balances' new values. Rows travel as three JSON parameters (no limit on the row count,
 * and far cheaper to bind than thousands of scalar parameters).
 */
async function writeEntries(
  trx: Tx,
  entries: PendingEntry[],
  balances: { holder: string; account: string; asset: string; available: string; frozen: string }[],
): Promise<number[]> {
  const entryRows = entries.map((e, i) => ({
    ord: i + 1,
    reason: e.input.reason,
    ref_type: e.input.refType ?? null,
    ref_id: e.input.refId ?? null,
    memo: e.input.memo ?? '',
    actor_id: e.input.actorId ?? null,
  }))
  let seq = 0
  const postingRows = entries.flatMap((e, i) => e.rows.map((r) => ({ ord: i + 1, seq: seq++, ...r })))
  const { rows } = await sql<{ id: string | number }>`
    with ids as (
      select nextval(pg_get_serial_sequence('ledger_entry', 'id')) as id, g as ord
      from generate_series(1, ${entries.length}::int) as g
    ),
    e as (
      insert into ledger_entry (id, reason, ref_type, ref_id, memo, actor_id)
      select ids.id, v.reason, v.ref_type, v.ref_id, v.memo, v.actor_id
      from json_to_recordset(${JSON.stringify(entryRows)}::json)
        as v(ord int, reason text, ref_type text, ref_id text, memo text, actor_id text)
      join ids on ids.ord = v.ord
      order by v.ord
    ),
    p as (
      insert into ledger_posting (entry_id, holder, account, asset, bucket, amount, balance_after)
      select ids.id, v.holder, v.account, v.asset, v.bucket, v.amount, v.after
      from json_to_recordset(${JSON.stringify(postingRows)}::json)
        as v(ord int, seq int, holder text, account text, asset text, bucket text, amount numeric, after numeric)
      join ids on ids.ord = v.ord
      order by v.seq
    ),
    u as (
      update balance b set available = v.available, frozen = v.frozen, updated_at = now()
      from json_to_recordset(${JSON.stringify(balances)}::json)
        as v(holder text, account text, asset text, available numeric, frozen numeric)
      where b.holder = v.holder and b.account = v.account and b.asset = v.asset
    )
    select id from ids order by ord`.execute(trx)
  return rows.map((r) => Number(r.id))
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

/** Writes one balanced entry. Throws AppError('insufficientBalance') when a user would go below zero. */
export async function postEntry(trx: Tx, input: EntryInput): Promise<number> {
  const postings = checkEntry(input)
  const batch = new LedgerBatch(trx)
  await batch.lock(postings)
  batch.post(input)
  const [id] = await batch.flush()
  return id as number
}
// Posting builders: the common shapes, so use cases read as bookkeeping, not arithmetic.

/** amount moves from one bucket/account/holder to another (same asset). */
export function move(
  from: BalanceKey & { bucket?: Bucket },
  to: BalanceKey & { bucket?: Bucket },
  amount: DecimalString,
): Posting[] {
  return [
    { ...from, bucket: from.bucket ?? 'available', amount: neg(amount) },
    { ...to, bucket: to.bucket ?? 'available', amount },
  ]
}

/** Funds arriving from outside the platform (a credited deposit): deposit clearing -> the balance. */
export function fromDepositClearing(to: BalanceKey, amount: DecimalString): Posting[] {
  return move({ holder: SYSTEM_HOLDER, account: 'deposit_clearing', asset: to.asset }, to, amount)
}

/** available -> frozen on one balance. */
export function freeze(key: BalanceKey, amount: DecimalString): Posting[] {
  return move({ ...key, bucket: 'available' }, { ...key, bucket: 'frozen' }, amount)
}

/** frozen -> available on one balance. */
export function unfreeze(key: BalanceKey, amount: DecimalString): Posting[] {
  return move({ ...key, bucket: 'frozen' }, { ...key, bucket: 'available' }, amount)
}

/** Reads balances without locking (for display). Missing rows read as zero. */
export async function readBalances(
  db: Tx,
  holder: string,
  filter: { account?: string; asset?: string } = {},
): Promise<{ account: string; asset: string; available: DecimalString; frozen: DecimalString }[]> {
  let q = db
    .selectFrom('balance')
    .select(['account', 'asset', 'available', 'frozen'])
    .where('holder', '=', holder)
  if (filter.account) q = q.where('account', '=', filter.account)
  if (filter.asset) q = q.where('asset', '=', filter.asset)
  const rows = await q.orderBy('account').orderBy('asset').execute()
  return rows.map((r) => ({ ...r, available: normalize(r.available), frozen: normalize(r.frozen) }))
}

export type { BalanceKey, BalanceState, Posting }
