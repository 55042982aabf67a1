/**
 * Coins that can be deposited and withdrawn, and on which chains. Addresses are never here:
 * the platform's deposit address per coin and chain is set by operators (table deposit_channel).
 * Withdrawal fees are per coin and chain, in the coin, deducted from the requested amount.
 */
export type ChainFamily = 'evm' | 'tron' | 'btc' | 'ltc' | 'doge'

export interface ChainDef {
  /** Stable id sent on the wire ("TRC20", "ERC20", "BTC", ...). */
  id: string
  family: ChainFamily
  /** Withdrawal fee in the coin. */
  fee: string
  /** Smallest withdrawal amount (before the fee is deducted). */
  minWithdraw: string
}

export interface CoinDef {
  code: string
  chains: ChainDef[]
}

export const COINS: readonly CoinDef[] = [
  {
    code: 'USDT',
    chains: [
      { id: 'TRC20', family: 'tron', fee: '1', minWithdraw: '10' },
      { id: 'ERC20', family: 'evm', fee: '5', minWithdraw: '20' },
    ],
  },
  { code: 'BTC', chains: [{ id: 'BTC', family: 'btc', fee: '0.0002', minWithdraw: '0.001' }] },
  { code: 'ETH', chains: [{ id: 'ERC20', family: 'evm', fee: '0.002', minWithdraw: '0.01' }] },
  { code: 'BNB', chains: [{ id: 'BEP20', family: 'evm', fee: '0.001', minWithdraw: '0.01' }] },
  { code: 'TRX', chains: [{ id: 'TRC20', family: 'tron', fee: '1', minWithdraw: '20' }] },
  { code: 'LTC', chains: [{ id: 'LTC', family: 'ltc', fee: '0.001', minWithdraw: '0.01' }] },
  { code: 'DOGE', chains: [{ id: 'DOGE', family: 'doge', fee: '4', minWithdraw: '20' }] },
  { code: 'LINK', chains: [{ id: 'ERC20', family: 'evm', fee: '0.5', minWithdraw: '2' }] },
]

/** Every chain id that appears above. */
export const CHAIN_IDS = [...new Set(COINS.flatMap((c) => c.chains.map((x) => x.id)))]

export function coinDef(code: string): CoinDef | undefined {
  return COINS.find((c) => c.code === code)
}

export function chainDef(coin: string, chain: string): ChainDef | undefined {
  return coinDef(coin)?.chains.find((c) => c.id === chain)
}
