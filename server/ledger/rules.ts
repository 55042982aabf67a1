import type { Bucket } from '@common/ledger/accounts'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { add, type DecimalString, isDecimalString, isNegative, isZero } from '@common/money/decimal'

/** One movement on one balance bucket. Positive credits, negative debits. */
export interface Posting {
  holder: string
  account: string
  asset: string
  bucket: Bucket
  amount: DecimalString
}

export interface BalanceKey {
  holder: string
  account: string
  asset: string
}

export const keyOf = (b: BalanceKey): string => `${b.holder}\u0000${b.account}\u0000${b.asset}`

/** Why an entry is refused before it touches the database. */
export function unbalancedAssets(postings: readonly Posting[]): string[] {
  const totals = new Map<string, DecimalString>()
  for (const p of postings) {
    if (!isDecimalString(p.amount)) throw new Error(`posting amount is not a decimal: ${p.amount}`)
    totals.set(p.asset, add(totals.get(p.asset) ?? '0', p.amount))
  }
  return [...totals].filter(([, t]) => !isZero(t)).map(([a]) => a)
}

/**
 * An entry's postings summed per balance bucket (one posting per holder, account, asset and
 * bucket, where each first appears; the ones summing to zero dropped). Each asset still sums to
 * zero, and the balances end where the postings one by one would take them: a trade across many
 * fills writes one row per bucket it moves, not one per fill.
 */
export function netPostings(postings: readonly Posting[]): Posting[] {
  const net = new Map<string, Posting>()
  for (const p of postings) {
    const k = `${keyOf(p)}\u0000${p.bucket}`
    const seen = net.get(k)
    if (seen) seen.amount = add(seen.amount, p.amount)
    else
      net.set(k, { holder: p.holder, account: p.account, asset: p.asset, bucket: p.bucket, amount: p.amount })
  }
  const out: Posting[] = []
  for (const p of net.values()) if (!isZero(p.amount)) out.push(p)
  return out
}

/** Distinct balances an entry touches, in the one global lock order (avoids deadlocks). */
export function lockOrder(keys: readonly BalanceKey[]): BalanceKey[] {
  const seen = new Map<string, BalanceKey>()
  for (const k of keys) seen.set(keyOf(k), { holder: k.holder, account: k.account, asset: k.asset })
  return [...seen.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, k]) => k)
}

/** Users (and market makers) can never go below zero; only the platform's clearing accounts can. */
export function mayGoNegative(holder: string): boolean {
  return holder === SYSTEM_HOLDER
}

export interface BalanceState {
  available: DecimalString
  frozen: DecimalString
}

/**
 * Applies postings to locked balances; returns the new states or the first overdrawn key, and
 * the value of each posting's bucket right after it (the postings' running balance).
 */
export function applyPostings(
  before: ReadonlyMap<string, BalanceState>,
  postings: readonly Posting[],
): { after: Map<string, BalanceState>; overdrawn: BalanceKey | null; running: DecimalString[] } {
  const after = new Map<string, BalanceState>()
  for (const [k, v] of before) after.set(k, { ...v })
  const running: DecimalString[] = []
  for (const p of postings) {
    const k = keyOf(p)
    const s = after.get(k) ?? { available: '0', frozen: '0' }
    s[p.bucket] = add(s[p.bucket], p.amount)
    running.push(s[p.bucket])
    after.set(k, s)
  }
  for (const p of postings) {
    const s = after.get(keyOf(p)) as BalanceState
    if (!mayGoNegative(p.holder) && (isNegative(s.available) || isNegative(s.frozen)))
      return { after, overdrawn: p, running }
  }
  return { after, overdrawn: null, running }
}
