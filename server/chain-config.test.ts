import { HDKey } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { loadChains } from './chain-config'

const xpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(3)).derive("m/44'/60'/0'").publicExtendedKey
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

describe('chain configuration', () => {
  it('is off without RPC_URL_<CHAIN>', () => {
    expect(loadChains({})).toEqual([])
  })

  it('reads a chain: confirmations, native coin, tokens with decimals and minimum, key source, limits', () => {
    const [c] = loadChains({
      RPC_URL_ERC20: 'http://127.0.0.1:8545',
      CHAIN_ERC20_XPUB: xpub,
      CHAIN_ERC20_CONFIRMATIONS: '3',
      CHAIN_ERC20_NATIVE: 'ETH:0.01',
      CHAIN_ERC20_TOKENS: `USDT:${token.toLowerCase()}:6:10`,
      CHAIN_ERC20_HOT_KEY_FILE: '/run/secrets/hot',
      CHAIN_ERC20_AUTO_WITHDRAW_LIMIT: 'USDT:1000',
    })
    expect(c).toMatchObject({
      chain: 'ERC20',
      confirmations: 3,
      native: { coin: 'ETH', minDeposit: '0.01' },
      tokens: [{ coin: 'USDT', contract: token, decimals: 6, minDeposit: '10' }],
      hotWallet: { keyFile: '/run/secrets/hot' },
      autoWithdrawLimit: { USDT: '1000' },
    })
  })

  it('refuses what would run wrong, naming the variable', () => {
    const base = { RPC_URL_ERC20: 'http://127.0.0.1:8545', CHAIN_ERC20_XPUB: xpub }
    expect(() => loadChains({ RPC_URL_ERC20: 'http://x' })).toThrow(/CHAIN_ERC20_XPUB/)
    expect(() => loadChains({ RPC_URL_SOLANA: 'http://x' })).toThrow(/RPC_URL_SOLANA/)
    expect(() => loadChains({ ...base, CHAIN_ERC20_TOKENS: `BTC:${token}:8` })).toThrow(/not a coin on ERC20/)
    expect(() => loadChains({ ...base, CHAIN_ERC20_TOKENS: 'USDT:0x12:6' })).toThrow(/contract address/)
    expect(() => loadChains({ ...base, CHAIN_ERC20_TOKENS: `USDT:${token}:x` })).toThrow(/decimals/)
    expect(() => loadChains({ ...base, CHAIN_ERC20_CONFIRMATIONS: '0' })).toThrow(/CONFIRMATIONS/)
    expect(() =>
      loadChains({ ...base, CHAIN_ERC20_HOT_KEY_FILE: 'a', CHAIN_ERC20_SIGNER_URL: 'http://s' }),
    ).toThrow(/set one/)
    expect(() => loadChains({ ...base, CHAIN_ERC20_SIGNER_URL: 'http://s' })).toThrow(/HOT_ADDRESS/)
  })
})
