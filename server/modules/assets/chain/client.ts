import { createPublicClient, erc20Abi, http, type PublicClient } from 'viem'
import type { EvmChainConfig } from '../../../chain-config'

/**
 * The RPC client of a chain: plain HTTP JSON-RPC, calls made together travel as one batch, each
 * with a deadline (no long-running query). One per RPC URL in a process.
 */
const clients = new Map<string, PublicClient>()

export function chainClient(cfg: Pick<EvmChainConfig, 'rpcUrl'>): PublicClient {
  let c = clients.get(cfg.rpcUrl)
  if (!c) {
    c = createPublicClient({
      transport: http(cfg.rpcUrl, { batch: { batchSize: 100, wait: 0 }, timeout: 10_000, retryCount: 1 }),
    }) as PublicClient
    clients.set(cfg.rpcUrl, c)
  }
  return c
}

/**
 * Token decimals come from configuration and are checked against each contract's decimals():
 * a difference (or a contract that does not answer) is an error naming the token, never a guess.
 */
export async function checkTokenDecimals(cfg: EvmChainConfig): Promise<void> {
  const client = chainClient(cfg)
  for (const t of cfg.tokens) {
    let onChain: number
    try {
      onChain = Number(
        await client.readContract({ address: t.contract, abi: erc20Abi, functionName: 'decimals' }),
      )
    } catch (err) {
      throw new Error(
        `${cfg.chain} ${t.coin}: decimals() of ${t.contract} failed (${(err as Error).message})`,
      )
    }
    if (onChain !== t.decimals)
      throw new Error(
        `${cfg.chain} ${t.coin}: configured ${t.decimals} decimals, the contract says ${onChain}`,
      )
  }
}
