import { cmp } from '@common/money/decimal'
import { formatUnits, type Log, type PublicClient, parseAbiItem } from 'viem'
import type { EvmChainConfig } from '../../../chain-config'
import type { Db } from '../../../db/db'
import { chainClient, checkTokenDecimals } from './client'
import { creditTransfer } from './credit'
import {
  dropDeposit,
  ownersOf,
  pendingDeposits,
  raiseAlert,
  readCursor,
  recentCredited,
  recordRpcError,
  recordTransfers,
  type SeenTransfer,
  saveCursor,
  saveHead,
} from './repo'

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')

/** Block ranges one pass scans at most, so a pass stays short and the cursor advances in steps. */
const RANGES_PER_PASS = 20

export interface PassResult {
  head: number
  cursor: number
  seen: number
  credited: number
  dropped: number
}

/**
 * One chain's deposit watcher. A pass (JobRunner, under the chain's named runner) reads the head,
 * scans block range after block range from the persisted cursor (ERC-20 Transfer logs of the
 * allowlisted contracts, and native transfers in each block), records what reaches our addresses
 * as pending, then settles the pending ones: a transfer whose block is no longer in the chain is
 * dropped, one with N confirmations is credited (once: ./credit.ts). Everything it needs is in the
 * database, so a restart carries on where the last pass stopped; a rescan records nothing twice.
 */
export class ChainWatcher {
  readonly client: PublicClient

  constructor(
    readonly db: Db,
    readonly cfg: EvmChainConfig,
    client?: PublicClient,
  ) {
    this.client = client ?? chainClient(cfg)
  }

  private decimalsChecked = false

  async pass(): Promise<PassResult> {
    try {
      if (!this.decimalsChecked) {
        await checkTokenDecimals(this.cfg)
        this.decimalsChecked = true
      }
      return await this.run()
    } catch (err) {
      await recordRpcError(this.db, this.cfg.chain, String((err as Error).message ?? err).slice(0, 500))
      throw err
    }
  }

  private async run(): Promise<PassResult> {
    const { chain } = this.cfg
    const head = Number(await this.client.getBlockNumber({ cacheTime: 0 }))
    let cur = await readCursor(this.db, chain)
    let last: number
    if (!cur || Number(cur.block) < 0) {
      last = (this.cfg.startBlock ?? head) - 1
    } else {
      last = Number(cur.block)
      // The block we stopped at is gone (reorg): rescan the last N blocks; recording is idempotent.
      const still = last <= head ? await this.hashAt(last) : null
      if (still !== cur.block_hash) last = Math.max(-1, Math.min(last, head) - this.cfg.confirmations)
    }
    let seen = 0
    for (let i = 0; i < RANGES_PER_PASS && last < head; i++) {
      const from = last + 1
      const to = Math.min(head, from + this.cfg.blockRange - 1)
      seen += await this.scan(from, to)
      last = to
      await saveCursor(this.db, chain, to, (await this.hashAt(to)) ?? '', head)
    }
    cur = await readCursor(this.db, chain)
    if (!cur) await saveCursor(this.db, chain, last, last >= 0 ? ((await this.hashAt(last)) ?? '') : '', head)
    else await saveHead(this.db, chain, head)
    const settled = await this.settle(head)
    await this.watchCredited(head)
    return { head, cursor: last, seen, ...settled }
  }

  private async hashAt(n: number): Promise<string | null> {
    if (n < 0) return ''
    try {
      const b = await this.client.getBlock({ blockNumber: BigInt(n) })
      return b.hash
    } catch {
      return null
    }
  }

  /** Transfers into our addresses within [from, to], recorded as pending. */
  private async scan(from: number, to: number): Promise<number> {
    const found: Omit<SeenTransfer, 'user_id'>[] = []
    if (this.cfg.tokens.length > 0) {
      const logs = await this.client.getLogs({
        address: this.cfg.tokens.map((t) => t.contract),
        event: TRANSFER,
        fromBlock: BigInt(from),
        toBlock: BigInt(to),
      })
      for (const log of logs as Log<bigint, number, false, typeof TRANSFER>[]) {
        const token = this.cfg.tokens.find((t) => t.contract.toLowerCase() === log.address.toLowerCase())
        if (!token || !log.args.to || log.args.value === undefined) continue
        const amount = formatUnits(log.args.value, token.decimals)
        if (log.args.value === 0n || cmp(amount, token.minDeposit) < 0) continue
        found.push({
          chain: this.cfg.chain,
          tx_hash: log.transactionHash,
          log_index: log.logIndex,
          block_number: Number(log.blockNumber),
          block_hash: log.blockHash,
          asset: token.coin,
          address: log.args.to.toLowerCase(),
          amount,
        })
      }
    }
    const native = this.cfg.native
    if (native) {
      const numbers = Array.from({ length: to - from + 1 }, (_, i) => BigInt(from + i))
      const blocks = await Promise.all(
        numbers.map((n) => this.client.getBlock({ blockNumber: n, includeTransactions: true })),
      )
      for (const b of blocks)
        for (const tx of b.transactions) {
          if (!tx.to || tx.value === 0n) continue
          const amount = formatUnits(tx.value, 18)
          if (cmp(amount, native.minDeposit) < 0) continue
          found.push({
            chain: this.cfg.chain,
            tx_hash: tx.hash,
            log_index: -1,
            block_number: Number(b.number),
            block_hash: b.hash,
            asset: native.coin,
            address: tx.to.toLowerCase(),
            amount,
          })
        }
    }
    if (found.length === 0) return 0
    const owners = await ownersOf(this.db, this.cfg.chain, [...new Set(found.map((f) => f.address))])
    const ours = found.flatMap((f) => {
      const user = owners.get(f.address)
      return user ? [{ ...f, user_id: user }] : []
    })
    await recordTransfers(this.db, ours)
    return ours.length
  }

  /** Pending transfers: dropped when their block left the chain, credited at N confirmations. */
  private async settle(head: number): Promise<{ credited: number; dropped: number }> {
    const rows = await pendingDeposits(this.db, this.cfg.chain)
    const hashes = await this.canonical(
      rows.map((r) => Number(r.block_number)),
      head,
    )
    let credited = 0
    let dropped = 0
    for (const r of rows) {
      const n = Number(r.block_number)
      if (hashes.get(n) !== r.block_hash) {
        await dropDeposit(this.db, r.id)
        dropped++
        continue
      }
      if (head - n + 1 >= this.cfg.confirmations && (await creditTransfer(this.db, r.id))) credited++
    }
    return { credited, dropped }
  }

  /**
   * Credited transfers of the last 2N blocks whose block left the chain: a reorg deeper than N.
   * Never debited by the watcher: an alert for the console, once per transfer.
   */
  private async watchCredited(head: number): Promise<void> {
    const rows = await recentCredited(this.db, this.cfg.chain, head - 2 * this.cfg.confirmations)
    if (rows.length === 0) return
    const hashes = await this.canonical(
      rows.map((r) => Number(r.block_number)),
      head,
    )
    for (const r of rows) {
      if (hashes.get(Number(r.block_number)) === r.block_hash) continue
      const raised = await raiseAlert(this.db, {
        chain: this.cfg.chain,
        kind: 'reorg_after_credit',
        ref: `${r.tx_hash}:${r.log_index}`,
        detail: {
          depositId: r.deposit_id,
          userId: r.user_id,
          asset: r.asset,
          amount: r.amount,
          block: r.block_number,
        },
      })
      if (raised) console.error(`[chain ${this.cfg.chain}] reorg deeper than N after credit: ${r.tx_hash}`)
    }
  }

  /** The canonical hash of each block number (absent when the block is past the head). */
  private async canonical(numbers: number[], head: number): Promise<Map<number, string>> {
    const unique = [...new Set(numbers)].filter((n) => n <= head)
    const blocks = await Promise.all(unique.map((n) => this.client.getBlock({ blockNumber: BigInt(n) })))
    return new Map(blocks.map((b) => [Number(b.number), b.hash]))
  }
}
