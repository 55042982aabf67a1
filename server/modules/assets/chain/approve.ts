import { lte, normalize } from '@common/money/decimal'
import type { EvmChainConfig } from '../../../chain-config'
import type { Db } from '../../../db/db'
import { AppError } from '../../../http/errors'
import { bookEntry } from '../repo'
import type { ReviewAudit, WithdrawalRow } from '../review'
import { lockWithdrawal } from './payout-repo'

/** The chain that pays a coin from its hot wallet (watched, with a key source, the coin configured), or null. */
export function payingChain(chains: EvmChainConfig[], coin: string, chain: string): EvmChainConfig | null {
  const cfg = chains.find((c) => c.chain === chain)
  if (!cfg?.hotWallet) return null
  return cfg.native?.coin === coin || cfg.tokens.some((t) => t.coin === coin) ? cfg : null
}

/**
 * An operator's approval of a withdrawal for the hot wallet: pending -> approved (nothing moves
 * yet; the signer pays it, server/modules/assets/chain/payouts.ts). Audited in the same transaction.
 */
export async function approveForChain(
  db: Db,
  chains: EvmChainConfig[],
  input: { withdrawalId: string; audit?: ReviewAudit<WithdrawalRow> },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const w = await lockWithdrawal(trx, input.withdrawalId)
    if (!w) throw new AppError('notFound')
    if (w.status !== 'pending') throw new AppError('reviewDone', { data: { status: w.status } })
    if (!payingChain(chains, w.asset, w.chain)) throw new AppError('unsupportedChain')
    await trx
      .updateTable('withdrawal')
      .set({ status: 'approved', reviewed_at: new Date() })
      .where('id', '=', w.id)
      .execute()
    await input.audit?.(trx, { before: w as WithdrawalRow, after: { status: 'approved' } })
  })
}

/**
 * The automatic path (SPEC section 9): a withdrawal to an address in the user's address book, at
 * most the chain's CHAIN_<CHAIN>_AUTO_WITHDRAW_LIMIT for the coin, is approved without an operator.
 * Returns the status it leaves.
 */
export async function autoApprove(
  db: Db,
  chains: EvmChainConfig[],
  userId: string,
  w: { id: string; coin: string; chain: string; address: string; amount: string },
): Promise<'pending' | 'approved'> {
  const cfg = payingChain(chains, w.coin, w.chain)
  const limit = cfg?.autoWithdrawLimit[w.coin]
  if (!cfg || !limit || !lte(normalize(w.amount), limit)) return 'pending'
  if (!(await bookEntry(db, userId, w))) return 'pending'
  const r = await db
    .updateTable('withdrawal')
    .set({ status: 'approved', reviewed_at: new Date() })
    .where('id', '=', w.id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst()
  return r ? 'approved' : 'pending'
}
