import type { PendingChainDeposit } from '@common/assets/types'
import { normalize } from '@common/money/decimal'
import type { EvmChainConfig } from '../../../chain-config'
import type { Db } from '../../../db/db'
import { readCursor, userPending } from './repo'

/** A user's transfers on a chain that wait for confirmations: k (from the watcher's last head) of N. */
export async function pendingOf(
  db: Db,
  chains: EvmChainConfig[],
  userId: string,
  chain: string,
  coin?: string,
): Promise<PendingChainDeposit[]> {
  const cfg = chains.find((c) => c.chain === chain)
  if (!cfg) return []
  const head = Number((await readCursor(db, chain))?.head ?? -1)
  const rows = await userPending(db, userId, chain)
  return rows
    .filter((r) => !coin || r.asset === coin)
    .map((r) => ({
      txHash: r.tx_hash,
      coin: r.asset,
      chain: r.chain,
      amount: normalize(r.amount),
      confirmations: Math.max(0, Math.min(cfg.confirmations, head - Number(r.block_number) + 1)),
      required: cfg.confirmations,
      seenAt: r.seen_at.getTime(),
    }))
}
