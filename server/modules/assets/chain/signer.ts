import fs from 'node:fs'
import { type Address, type Hex, keccak256, type TransactionSerializableEIP1559, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { EvmChainConfig } from '../../../chain-config'

/**
 * The hot wallet's signer: a key file (one 0x-prefixed private key, read when first needed and kept
 * in memory only), or an external signer answering JSON-RPC eth_signTransaction (Web3Signer, Clef)
 * at CHAIN_<CHAIN>_SIGNER_URL. Either way the server gets signed bytes; it broadcasts them itself.
 */
export interface Signer {
  address: Address
  sign(tx: TransactionSerializableEIP1559): Promise<{ raw: Hex; hash: Hex }>
}

export function hotSigner(cfg: EvmChainConfig): Signer | null {
  const hw = cfg.hotWallet
  if (!hw) return null
  if ('keyFile' in hw) {
    const key = fs.readFileSync(hw.keyFile, 'utf8').trim() as Hex
    if (!/^0x[0-9a-fA-F]{64}$/.test(key))
      throw new Error(`CHAIN_${cfg.chain}_HOT_KEY_FILE: not a 0x private key`)
    const account = privateKeyToAccount(key)
    return {
      address: account.address,
      async sign(tx) {
        const raw = await account.signTransaction(tx)
        return { raw, hash: keccak256(raw) }
      },
    }
  }
  return {
    address: hw.address,
    async sign(tx) {
      const res = await fetch(hw.signerUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        signal: AbortSignal.timeout(10_000),
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_signTransaction',
          params: [
            {
              from: hw.address,
              to: tx.to,
              data: tx.data ?? '0x',
              value: toHex(tx.value ?? 0n),
              nonce: toHex(tx.nonce ?? 0),
              gas: toHex(tx.gas ?? 0n),
              maxFeePerGas: toHex(tx.maxFeePerGas ?? 0n),
              maxPriorityFeePerGas: toHex(tx.maxPriorityFeePerGas ?? 0n),
              chainId: toHex(tx.chainId ?? 0),
              type: '0x2',
            },
          ],
        }),
      })
      const body = (await res.json()) as { result?: Hex; error?: { message: string } }
      if (!body.result) throw new Error(`signer: ${body.error?.message ?? res.status}`)
      return { raw: body.result, hash: keccak256(body.result) }
    },
  }
}
