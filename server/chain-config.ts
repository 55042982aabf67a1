import { COINS } from '@common/assets/chains'
import { isAmount } from '@common/validate/validators'
import { getAddress, isAddress } from 'viem'
import { HDKey } from 'viem/accounts'

/**
 * On-chain deposits and withdrawals of one EVM chain, from the environment (docs/products/chains.md).
 * A chain is on when RPC_URL_<CHAIN> is set; <CHAIN> is a chain id of common/assets/chains.ts
 * (ERC20, BEP20). Everything else is CHAIN_<CHAIN>_*.
 */
export interface EvmToken {
  coin: string
  /** Checksummed contract address. */
  contract: `0x${string}`
  /** From configuration; the watcher refuses to start when the contract's decimals() differs. */
  decimals: number
  /** Smaller deposits are ignored (shown on the recharge screen). */
  minDeposit: string
}

export interface EvmChainConfig {
  chain: string
  rpcUrl: string
  /** Operator's extended public key (account level, e.g. m/44'/60'/0'); addresses are <xpub>/0/<index>. */
  xpub: string
  confirmations: number
  /** The chain's own coin (ETH on ERC20), when its deposits are watched too. */
  native: { coin: string; minDeposit: string } | null
  tokens: EvmToken[]
  /** The hot wallet's key: a file holding the 0x private key, or an external signer (eth_signTransaction). */
  hotWallet: { keyFile: string } | { signerUrl: string; address: `0x${string}` } | null
  /** Per coin: withdrawals to address-book addresses up to this amount are paid without an operator. */
  autoWithdrawLimit: Record<string, string>
  /** Blocks per getLogs call. */
  blockRange: number
  pollMs: number
  /** First block to scan when there is no cursor yet (default: the head at first start). */
  startBlock: number | null
}

const EVM_CHAINS = [
  ...new Set(COINS.flatMap((c) => c.chains.filter((x) => x.family === 'evm').map((x) => x.id))),
]

const coinsOn = (chain: string) =>
  new Set(COINS.filter((c) => c.chains.some((x) => x.id === chain)).map((c) => c.code))

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`)
  return n
}

function amountVar(value: string, name: string): string {
  if (!isAmount(value) && value !== '0') throw new Error(`${name}: "${value}" is not a decimal amount`)
  return value
}

/** An extended public key; an extended private key is refused (it must never be on the server). */
export function checkXpub(xpub: string, name: string): string {
  if (/^[xtyz]prv/.test(xpub))
    throw new Error(`${name} is a private key: give the xpub, keep the xprv offline`)
  let key: HDKey
  try {
    key = HDKey.fromExtendedKey(xpub)
  } catch {
    throw new Error(`${name} is not an extended public key (xpub...)`)
  }
  if (key.privateKey) throw new Error(`${name} is a private key: give the xpub, keep the xprv offline`)
  return xpub
}

function parseTokens(chain: string, raw: string | undefined, name: string): EvmToken[] {
  if (!raw?.trim()) return []
  const coins = coinsOn(chain)
  return raw.split(',').map((item) => {
    const [coin, contract, decimals, min] = item.trim().split(':')
    if (!coin || !coins.has(coin)) throw new Error(`${name}: "${coin}" is not a coin on ${chain}`)
    if (!contract || !isAddress(contract)) throw new Error(`${name}: "${contract}" is not a contract address`)
    const d = Number(decimals)
    if (!Number.isInteger(d) || d < 0 || d > 36)
      throw new Error(`${name}: decimals of ${coin} must be 0 to 36`)
    return { coin, contract: getAddress(contract), decimals: d, minDeposit: amountVar(min ?? '0', name) }
  })
}

function parseLimits(chain: string, raw: string | undefined, name: string): Record<string, string> {
  if (!raw?.trim()) return {}
  const coins = coinsOn(chain)
  return Object.fromEntries(
    raw.split(',').map((item) => {
      const [coin, amount] = item.trim().split(':')
      if (!coin || !coins.has(coin)) throw new Error(`${name}: "${coin}" is not a coin on ${chain}`)
      return [coin, amountVar(amount ?? '', name)]
    }),
  )
}

function parseChain(env: NodeJS.ProcessEnv, chain: string, rpcUrl: string): EvmChainConfig {
  const p = `CHAIN_${chain}_`
  const xpubRaw = env[`${p}XPUB`]
  if (!xpubRaw)
    throw new Error(`RPC_URL_${chain} is set: ${p}XPUB (the deposit addresses' xpub) is needed too`)
  try {
    new URL(rpcUrl)
  } catch {
    throw new Error(`RPC_URL_${chain} must be a URL, got "${rpcUrl}"`)
  }
  let native: EvmChainConfig['native'] = null
  if (env[`${p}NATIVE`]) {
    const [coin, min] = (env[`${p}NATIVE`] as string).split(':')
    if (!coin || !coinsOn(chain).has(coin)) throw new Error(`${p}NATIVE: "${coin}" is not a coin on ${chain}`)
    native = { coin, minDeposit: amountVar(min ?? '0', `${p}NATIVE`) }
  }
  const tokens = parseTokens(chain, env[`${p}TOKENS`], `${p}TOKENS`)
  const seen = new Set<string>()
  for (const c of [...tokens.map((t) => t.coin), ...(native ? [native.coin] : [])]) {
    if (seen.has(c)) throw new Error(`${p}TOKENS/NATIVE: ${c} is listed twice`)
    seen.add(c)
  }
  let hotWallet: EvmChainConfig['hotWallet'] = null
  const keyFile = env[`${p}HOT_KEY_FILE`]
  const signerUrl = env[`${p}SIGNER_URL`]
  if (keyFile && signerUrl) throw new Error(`${p}HOT_KEY_FILE and ${p}SIGNER_URL: set one`)
  if (keyFile) hotWallet = { keyFile }
  if (signerUrl) {
    const address = env[`${p}HOT_ADDRESS`]
    if (!address || !isAddress(address))
      throw new Error(`${p}SIGNER_URL needs ${p}HOT_ADDRESS (the signer's address)`)
    hotWallet = { signerUrl, address: getAddress(address) }
  }
  const start = env[`${p}START_BLOCK`]
  return {
    chain,
    rpcUrl,
    xpub: checkXpub(xpubRaw, `${p}XPUB`),
    confirmations: intVar(env, `${p}CONFIRMATIONS`, 12, 1, 10_000),
    native,
    tokens,
    hotWallet,
    autoWithdrawLimit: parseLimits(chain, env[`${p}AUTO_WITHDRAW_LIMIT`], `${p}AUTO_WITHDRAW_LIMIT`),
    blockRange: intVar(env, `${p}BLOCK_RANGE`, 500, 1, 100_000),
    pollMs: intVar(env, `${p}POLL_MS`, 4000, 50, 600_000),
    startBlock: start ? intVar(env, `${p}START_BLOCK`, 0, 0, Number.MAX_SAFE_INTEGER) : null,
  }
}

/** Every chain with RPC_URL_<CHAIN> set; a bad value stops the server at start with the variable's name. */
export function loadChains(env: NodeJS.ProcessEnv): EvmChainConfig[] {
  for (const key of Object.keys(env))
    if (key.startsWith('RPC_URL_') && env[key] && !EVM_CHAINS.includes(key.slice(8)))
      throw new Error(`${key}: unknown EVM chain (known: ${EVM_CHAINS.join(', ')})`)
  return EVM_CHAINS.flatMap((chain) => {
    const url = env[`RPC_URL_${chain}`]
    return url ? [parseChain(env, chain, url)] : []
  })
}
