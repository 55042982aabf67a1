import type { Bucket } from '@common/ledger/accounts'
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
  if (ordered.length === 0) return out
  await trx
    .insertInto('balance')
    .values(ordered.map((k) => ({ holder: k.holder, account: k.account, asset: k.asset })))
    .onConflict((oc) => oc.columns(['holder', 'account', 'asset']).doNothing())
    .execute()
  const rows = await trx
    .selectFrom('balance')
    .select(['holder', 'account', 'asset', 'available', 'frozen'])
    .where((eb) =>
      eb.or(
        ordered.map((k) =>
          eb.and([eb('holder', '=', k.holder), eb('account', '=', k.account), eb('asset', '=', k.asset)]),
        ),
      ),
    )
    .orderBy('holder')
    .orderBy('account')
    .orderBy('asset')
    .forUpdate()
    .execute()
  for (const r of rows) out.set(keyOf(r), { available: normalize(r.available), frozen: normalize(r.frozen) })
  return out
}

/** Writes one balanced entry. Throws AppError('insufficientBalance') when a user would go below zero. */
export async function postEntry(trx: Tx, input: EntryInput): Promise<number> {
  if (!isLedgerReason(input.reason)) throw new Error(`unknown ledger reason ${input.reason}`)
  const postings = input.postings.filter((p) => !isZero(p.amount))
  const unbalanced = unbalancedAssets(postings)
  if (unbalanced.length)
    throw new Error(`unbalanced ledger entry (${input.reason}): ${unbalanced.join(', ')}`)
  if (postings.length === 0) throw new Error(`empty ledger entry (${input.reason})`)

  const before = await lockBalances(trx, postings)
  const { after, overdrawn } = applyPostings(before, postings)
  if (overdrawn) throw new AppError('insufficientBalance')

  for (const [k, state] of after) {
    const [holder, account, asset] = k.split('\u0000') as [string, string, string]
    const was = before.get(k)
    if (was && was.available === state.available && was.frozen === state.frozen) continue
    await trx
      .updateTable('balance')
      .set({ available: state.available, frozen: state.frozen, updated_at: sql`now()` })
      .where('holder', '=', holder)
      .where('account', '=', account)
      .where('asset', '=', asset)
      .execute()
  }

  const entry = await trx
    .insertInto('ledger_entry')
    .values({
      reason: input.reason,
      ref_type: input.refType ?? null,
      ref_id: input.refId ?? null,
      memo: input.memo ?? '',
      actor_id: input.actorId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()

  // Running value per bucket so each posting records what the balance became.
  const running = new Map<string, BalanceState>()
  for (const [k, v] of before) running.set(k, { ...v })
  const rows = postings.map((p) => {
    const s = running.get(keyOf(p)) ?? { available: '0', frozen: '0' }
    s[p.bucket] = add(s[p.bucket], p.amount)
    running.set(keyOf(p), s)
    return {
      entry_id: Number(entry.id),
      holder: p.holder,
      account: p.account,
      asset: p.asset,
      bucket: p.bucket,
      amount: normalize(p.amount),
      balance_after: s[p.bucket],
    }
  })
  await trx.insertInto('ledger_posting').values(rows).execute()
  return Number(entry.id)
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
