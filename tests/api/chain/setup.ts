import type { Address } from 'viem'
import { HDKey } from 'viem/accounts'
import { type Anvil, anvilBinary } from '../../../scripts/chain/anvil'
import type { EvmChainConfig } from '../../../server/chain-config'
import type { Db } from '../../../server/db/db'
import { readBalances } from '../../../server/ledger/ledger'

/** The operator's key pair of the tests: the xprv stays here, the server gets the xpub. */
export const OPERATOR_ROOT = HDKey.fromMasterSeed(new Uint8Array(32).fill(9))
export const XPUB = OPERATOR_ROOT.derive("m/44'/60'/0'").publicExtendedKey

/** Why the chain suites cannot run here (printed, then skipped), or null. */
export function chainSkipReason(): string | null {
  const b = anvilBinary()
  return 'missing' in b ? `chain tests skipped: ${b.missing}` : null
}

export function chainConfig(a: Anvil, token: Address, over: Partial<EvmChainConfig> = {}): EvmChainConfig {
  return {
    chain: 'ERC20',
    rpcUrl: a.url,
    xpub: XPUB,
    confirmations: 3,
    native: { coin: 'ETH', minDeposit: '0.001' },
    tokens: [{ coin: 'USDT', contract: token, decimals: 6, minDeposit: '1' }],
    hotWallet: null,
    autoWithdrawLimit: {},
    blockRange: 50,
    pollMs: 1000,
    startBlock: 0,
    ...over,
  }
}

export async function funding(db: Db, userId: string, asset: string): Promise<string> {
  const [b] = await readBalances(db, userId, { account: 'funding', asset })
  return b?.available ?? '0'
}
