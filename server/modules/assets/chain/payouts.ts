import { normalize, sub } from '@common/money/decimal'
import { type Address, encodeFunctionData, erc20Abi, type Hex, type PublicClient, parseUnits } from 'viem'
import type { EvmChainConfig } from '../../../chain-config'
import type { Db } from '../../../db/db'
import { postEntry, unfreeze } from '../../../ledger/ledger'
import { postWithdrawSuccess } from '../review'
import { chainClient } from './client'
import {
  confirmedTx,
  insertTx,
  lockWithdrawal,
  markOthersReplaced,
  markTx,
  moveWithdrawal,
  payable,
  takeNonce,
  txsWithStatus,
  withStatus,
} from './payout-repo'
import { raiseAlert } from './repo'
import { hotSigner, type Signer } from './signer'

export interface PayerOptions {
  /** A broadcast transaction not mined after this long is replaced with a higher fee (same nonce). */
  stuckMs?: number
  /** Test hook (never in production): stop right after the signed transaction is persisted. */
  crashAfterSign?: boolean
}

const GAS_RESERVE = 100_000n

/**
 * Pays approved withdrawals of one chain from the hot wallet. For each: the hot wallet's balance is
 * checked (not enough: queued, with an alert); under the withdrawal's lock the next nonce is taken
 * and the transaction signed, and the signed bytes and their hash are stored in the same
 * transaction before anything is sent; then the bytes are broadcast. A restart rebroadcasts stored
 * bytes (the same hash), so a crash between signing and broadcasting never pays twice. A
 * transaction not mined in time is replaced under the same nonce with a higher fee; whichever is
 * mined is the payment. Mined and N confirmations deep: success (frozen funds leave through the
 * ledger); reverted: failed (frozen funds return).
 */
export class ChainPayer {
  readonly client: PublicClient
  private chainId: number | null = null

  constructor(
    readonly db: Db,
    readonly cfg: EvmChainConfig,
    private readonly signer: Signer | null = hotSigner(cfg),
    private readonly opts: PayerOptions = {},
  ) {
    this.client = chainClient(cfg)
  }

  get hotAddress(): Address | null {
    return this.signer?.address ?? null
  }

  async pass(): Promise<{ broadcast: number; succeeded: number; failed: number; replaced: number }> {
    if (!this.signer) return { broadcast: 0, succeeded: 0, failed: 0, replaced: 0 }
    this.chainId ??= await this.client.getChainId()
    const head = Number(await this.client.getBlockNumber({ cacheTime: 0 }))
    for (const t of await txsWithStatus(this.db, this.cfg.chain, 'signed'))
      await this.broadcast(t.hash as Hex, t.raw as Hex, t.withdrawal_id)
    const tracked = await this.track(head)
    const replaced = await this.replaceStuck(tracked.unmined)
    let broadcast = 0
    for (const w of await payable(this.db, this.cfg.chain)) if (await this.pay(w.id)) broadcast++
    return { broadcast, succeeded: tracked.succeeded, failed: tracked.failed, replaced }
  }

  /** What a coin is on this chain: a token contract, or the native coin (null: not paid here). */
  private asset(coin: string): { decimals: number; contract: Address | null } | null {
    const t = this.cfg.tokens.find((x) => x.coin === coin)
    if (t) return { decimals: t.decimals, contract: t.contract }
    return this.cfg.native?.coin === coin ? { decimals: 18, contract: null } : null
  }

  private async hotBalance(contract: Address | null): Promise<bigint> {
    const hot = this.signer?.address as Address
    return contract
      ? this.client.readContract({ address: contract, abi: erc20Abi, functionName: 'balanceOf', args: [hot] })
      : this.client.getBalance({ address: hot })
  }

  private async fees(min?: { maxFee: bigint; priority: bigint }) {
    const block = await this.client.getBlock({ blockTag: 'latest' })
    let priority = await this.client.estimateMaxPriorityFeePerGas().catch(() => 1_000_000_000n)
    let maxFee = (block.baseFeePerGas ?? 0n) * 2n + priority
    if (min) {
      // A replacement must outbid the old one by at least 10% on both fees: 25% here.
      priority = priority > (min.priority * 125n) / 100n ? priority : (min.priority * 125n) / 100n + 1n
      maxFee = maxFee > (min.maxFee * 125n) / 100n ? maxFee : (min.maxFee * 125n) / 100n + 1n
    }
    return { maxFee, priority }
  }

  private async pay(id: string): Promise<boolean> {
    const signer = this.signer as Signer
    const w = (await payable(this.db, this.cfg.chain)).find((x) => x.id === id)
    if (!w) return false
    const a = this.asset(w.asset)
    if (!a) return false
    const net = sub(normalize(w.amount), normalize(w.fee))
    const units = parseUnits(net, a.decimals)
    const call = a.contract
      ? {
          to: a.contract,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [w.address as Address, units],
          }),
          value: 0n,
        }
      : { to: w.address as Address, data: '0x' as Hex, value: units }
    const balance = await this.hotBalance(a.contract)
    const fees = await this.fees()
    const needed = a.contract ? units : units + GAS_RESERVE * fees.maxFee
    if (balance < needed) {
      if (await moveWithdrawal(this.db, w.id, ['approved'], 'queued'))
        await raiseAlert(this.db, {
          chain: this.cfg.chain,
          kind: 'hot_wallet_low',
          ref: w.id,
          detail: { coin: w.asset, needed: net, wallet: signer.address },
        })
      return false
    }
    const gas = ((await this.client.estimateGas({ account: signer.address, ...call })) * 12n) / 10n
    const onChainNonce = await this.client.getTransactionCount({
      address: signer.address,
      blockTag: 'pending',
    })
    const signed = await this.db.transaction().execute(async (trx) => {
      const row = await lockWithdrawal(trx, w.id)
      if (row?.status !== 'approved' && row?.status !== 'queued') return null
      const nonce = await takeNonce(trx, this.cfg.chain, signer.address.toLowerCase(), onChainNonce)
      const { raw, hash } = await signer.sign({
        type: 'eip1559',
        chainId: this.chainId as number,
        nonce,
        gas,
        maxFeePerGas: fees.maxFee,
        maxPriorityFeePerGas: fees.priority,
        ...call,
      })
      await insertTx(trx, {
        withdrawal_id: w.id,
        chain: this.cfg.chain,
        wallet: signer.address.toLowerCase(),
        nonce,
        raw,
        hash,
        max_fee: fees.maxFee.toString(),
        priority_fee: fees.priority.toString(),
      })
      await trx
        .updateTable('withdrawal')
        .set({ status: 'signed', tx_hash: hash })
        .where('id', '=', w.id)
        .execute()
      return { raw, hash }
    })
    if (!signed) return false
    if (this.opts.crashAfterSign) throw new Error('test hook: stopped between signing and broadcasting')
    await this.broadcast(signed.hash, signed.raw, w.id)
    return true
  }

  /** Sends stored bytes; a node that already has them (or has mined them) is not an error. */
  private async broadcast(hash: Hex, raw: Hex, withdrawalId: string): Promise<void> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: raw })
    } catch (err) {
      const known = await this.client.getTransaction({ hash }).catch(() => null)
      if (!known) throw err
    }
    await markTx(this.db, hash, 'broadcast')
    await moveWithdrawal(this.db, withdrawalId, ['signed'], 'broadcast', { tx_hash: hash })
  }

  /** Receipts of broadcast transactions; confirmed withdrawals N deep become success. */
  private async track(head: number) {
    let succeeded = 0
    let failed = 0
    const unmined: {
      hash: Hex
      withdrawalId: string
      nonce: number
      raw: Hex
      maxFee: bigint
      priority: bigint
      at: Date | null
    }[] = []
    for (const t of await txsWithStatus(this.db, this.cfg.chain, 'broadcast')) {
      const receipt = await this.client.getTransactionReceipt({ hash: t.hash as Hex }).catch(() => null)
      if (!receipt) {
        unmined.push({
          hash: t.hash as Hex,
          withdrawalId: t.withdrawal_id,
          nonce: Number(t.nonce),
          raw: t.raw as Hex,
          maxFee: BigInt(t.max_fee),
          priority: BigInt(t.priority_fee),
          at: t.broadcast_at,
        })
        continue
      }
      if (receipt.status === 'success') {
        await markTx(this.db, t.hash, 'confirmed', Number(receipt.blockNumber))
        await markOthersReplaced(this.db, t.withdrawal_id, t.hash)
        await moveWithdrawal(this.db, t.withdrawal_id, ['broadcast', 'signed'], 'confirmed', {
          tx_hash: t.hash,
        })
      } else {
        await markTx(this.db, t.hash, 'failed', Number(receipt.blockNumber))
        await markOthersReplaced(this.db, t.withdrawal_id, t.hash)
        if (await this.fail(t.withdrawal_id, 'reverted on chain')) failed++
      }
    }
    for (const w of await withStatus(this.db, this.cfg.chain, 'confirmed')) {
      const tx = await confirmedTx(this.db, w.id)
      if (tx && head - Number(tx.block_number) + 1 >= this.cfg.confirmations && (await this.succeed(w.id)))
        succeeded++
    }
    // Only the newest transaction of a withdrawal is a candidate for replacement.
    const newest = new Map(unmined.map((u) => [u.withdrawalId, u]))
    return { succeeded, failed, unmined: [...newest.values()] }
  }

  private async replaceStuck(unmined: Awaited<ReturnType<ChainPayer['track']>>['unmined']): Promise<number> {
    const stuckMs = this.opts.stuckMs ?? 5 * 60_000
    const signer = this.signer as Signer
    let n = 0
    for (const u of unmined) {
      if (!u.at || Date.now() - u.at.getTime() < stuckMs) continue
      const old = await this.client.getTransaction({ hash: u.hash }).catch(() => null)
      if (!old?.to) continue
      const fees = await this.fees({ maxFee: u.maxFee, priority: u.priority })
      const { raw, hash } = await signer.sign({
        type: 'eip1559',
        chainId: this.chainId as number,
        nonce: u.nonce,
        gas: old.gas,
        maxFeePerGas: fees.maxFee,
        maxPriorityFeePerGas: fees.priority,
        to: old.to,
        data: old.input,
        value: old.value,
      })
      await this.db.transaction().execute(async (trx) => {
        await insertTx(trx, {
          withdrawal_id: u.withdrawalId,
          chain: this.cfg.chain,
          wallet: signer.address.toLowerCase(),
          nonce: u.nonce,
          raw,
          hash,
          max_fee: fees.maxFee.toString(),
          priority_fee: fees.priority.toString(),
        })
      })
      await this.client.sendRawTransaction({ serializedTransaction: raw })
      await markTx(this.db, hash, 'broadcast')
      await moveWithdrawal(this.db, u.withdrawalId, ['broadcast'], 'broadcast', { tx_hash: hash })
      n++
    }
    return n
  }

  /** confirmed -> success: the frozen amount leaves; the net to withdraw_clearing, the fee to fees. */
  private async succeed(id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const w = await lockWithdrawal(trx, id)
      if (w?.status !== 'confirmed') return false
      await postWithdrawSuccess(trx, w)
      await trx
        .updateTable('withdrawal')
        .set({ status: 'success', reviewed_at: new Date() })
        .where('id', '=', id)
        .execute()
      return true
    })
  }

  /** -> failed: the frozen funds return to the user's available balance. */
  private async fail(id: string, reason: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const w = await lockWithdrawal(trx, id)
      if (!w || w.status === 'success' || w.status === 'failed') return false
      await postEntry(trx, {
        reason: 'withdraw_failure',
        refType: 'withdrawal',
        refId: w.id,
        postings: unfreeze({ holder: w.user_id, account: 'funding', asset: w.asset }, normalize(w.amount)),
      })
      await trx
        .updateTable('withdrawal')
        .set({ status: 'failed', reject_reason: reason, reviewed_at: new Date() })
        .where('id', '=', id)
        .execute()
      return true
    })
  }
}
