import type { ChainOverview } from '@common/assets/types'
import { normalize } from '@common/money/decimal'
import { type Address, erc20Abi, formatUnits } from 'viem'
import type { EvmChainConfig } from '../../../chain-config'
import type { Db } from '../../../db/db'
import { chainClient } from './client'
import { readCursor } from './repo'
import { hotSigner } from './signer'

/** One line per configured coin: the chain's token contract, or null for its native coin. */
function coinsOf(cfg: EvmChainConfig): { coin: string; contract: Address | null; decimals: number }[] {
  return [
    ...(cfg.native ? [{ coin: cfg.native.coin, contract: null, decimals: 18 }] : []),
    ...cfg.tokens.map((t) => ({ coin: t.coin, contract: t.contract, decimals: t.decimals })),
  ]
}

/** Balances of one address on chain, per configured coin, as decimal strings (read from the node). */
export async function balancesAt(cfg: EvmChainConfig, address: Address): Promise<Record<string, string>> {
  const client = chainClient(cfg)
  const out: Record<string, string> = {}
  await Promise.all(
    coinsOf(cfg).map(async (c) => {
      const units = c.contract
        ? await client.readContract({
            address: c.contract,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [address],
          })
        : await client.getBalance({ address })
      out[c.coin] = formatUnits(units, c.decimals)
    }),
  )
  return out
}

/**
 * The console's view of a chain: the watcher (head, cursor, lag in blocks, RPC errors), deposits
 * pending and the last credited, the hot wallet's address and balances (null when the node cannot be read),
 * withdrawals on their way, and open alerts.
 */
export async function chainOverview(db: Db, cfg: EvmChainConfig): Promise<ChainOverview> {
  const cur = await readCursor(db, cfg.chain)
  const counts = await db
    .selectFrom('chain_deposit')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('chain', '=', cfg.chain)
    .groupBy('status')
    .execute()
  const pending = await db
    .selectFrom('chain_deposit')
    .select(['tx_hash', 'log_index', 'asset', 'amount', 'address', 'user_id', 'block_number', 'seen_at'])
    .where('chain', '=', cfg.chain)
    .where('status', '=', 'pending')
    .orderBy('block_number')
    .limit(100)
    .execute()
  const credited = await db
    .selectFrom('chain_deposit')
    .select(['tx_hash', 'log_index', 'asset', 'amount', 'address', 'user_id', 'credited_at'])
    .where('chain', '=', cfg.chain)
    .where('status', '=', 'credited')
    .orderBy('credited_at', 'desc')
    .limit(20)
    .execute()
  const withdrawals = await db
    .selectFrom('withdrawal')
    .select(['id', 'user_id', 'asset', 'amount', 'fee', 'address', 'status', 'tx_hash', 'created_at'])
    .where('chain', '=', cfg.chain)
    .where('status', 'in', ['approved', 'queued', 'signed', 'broadcast', 'confirmed'])
    .orderBy('created_at')
    .limit(100)
    .execute()
  const alerts = await db
    .selectFrom('chain_alert')
    .selectAll()
    .where('chain', '=', cfg.chain)
    .where('acknowledged_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(50)
    .execute()
  let hot: { address: string; balances: Record<string, string> | null } | null = null
  try {
    const signer = hotSigner(cfg)
    if (signer)
      hot = { address: signer.address, balances: await balancesAt(cfg, signer.address).catch(() => null) }
  } catch {
    hot = null
  }
  const head = cur ? Number(cur.head) : null
  const block = cur ? Number(cur.block) : null
  return {
    chain: cfg.chain,
    confirmations: cfg.confirmations,
    head,
    cursor: block,
    lag: head !== null && block !== null && head >= 0 ? Math.max(0, head - block) : null,
    rpcErrors: cur?.rpc_errors ?? 0,
    lastError: cur?.last_error ?? null,
    lastErrorAt: cur?.last_error_at?.getTime() ?? null,
    updatedAt: cur?.updated_at.getTime() ?? null,
    deposits: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])),
    pending: pending.map((p) => ({
      txHash: p.tx_hash,
      logIndex: p.log_index,
      coin: p.asset,
      amount: normalize(p.amount),
      address: p.address,
      userId: p.user_id,
      confirmations: head === null ? 0 : Math.max(0, head - Number(p.block_number) + 1),
      seenAt: p.seen_at.getTime(),
    })),
    credited: credited.map((c) => ({
      txHash: c.tx_hash,
      logIndex: c.log_index,
      coin: c.asset,
      amount: normalize(c.amount),
      address: c.address,
      userId: c.user_id,
      creditedAt: c.credited_at?.getTime() ?? null,
    })),
    hotWallet: hot,
    withdrawals: withdrawals.map((w) => ({
      id: w.id,
      userId: w.user_id,
      coin: w.asset,
      amount: normalize(w.amount),
      fee: normalize(w.fee),
      address: w.address,
      status: w.status as ChainOverview['withdrawals'][number]['status'],
      txHash: w.tx_hash,
      createdAt: w.created_at.getTime(),
    })),
    alerts: alerts.map((a) => ({
      id: String(a.id),
      kind: a.kind,
      ref: a.ref,
      detail: a.detail,
      createdAt: a.created_at.getTime(),
    })),
  }
}

/** CSV of every deposit address of a chain with its balances on chain (for the sweep, done offline). */
export async function balancesCsv(db: Db, cfg: EvmChainConfig): Promise<string> {
  const rows = await db
    .selectFrom('chain_address')
    .select(['address', 'idx', 'user_id'])
    .where('chain', '=', cfg.chain)
    .orderBy('idx')
    .execute()
  const coins = coinsOf(cfg).map((c) => c.coin)
  const lines = [['address', 'path', 'user_id', ...coins].join(',')]
  for (let i = 0; i < rows.length; i += 50) {
    const part = rows.slice(i, i + 50)
    const bals = await Promise.all(part.map((r) => balancesAt(cfg, r.address as Address)))
    for (const [j, r] of part.entries())
      lines.push([r.address, `0/${r.idx}`, r.user_id, ...coins.map((c) => bals[j]?.[c] ?? '')].join(','))
  }
  return `${lines.join('\n')}\n`
}
