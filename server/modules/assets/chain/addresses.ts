import QRCode from 'qrcode'
import type { EvmChainConfig } from '../../../chain-config'
import type { Db } from '../../../db/db'
import { deriveAddress } from './derive'
import { insertAddress, storedAddress, userIndex } from './repo'

/** The configured chain of a coin, when its deposits on that chain are watched (else null: the voucher path). */
export function watchedChain(chains: EvmChainConfig[], coin: string, chain: string) {
  const cfg = chains.find((c) => c.chain === chain)
  if (!cfg) return null
  if (cfg.native?.coin === coin) return { cfg, minDeposit: cfg.native.minDeposit }
  const token = cfg.tokens.find((t) => t.coin === coin)
  return token ? { cfg, minDeposit: token.minDeposit } : null
}

/** The user's deposit address on a chain: derived from the xpub at the user's index, stored once. */
export async function depositAddressOf(db: Db, cfg: EvmChainConfig, userId: string): Promise<string> {
  const known = await storedAddress(db, cfg.chain, userId)
  if (known) return known.address
  const idx = await userIndex(db, userId)
  await insertAddress(db, { chain: cfg.chain, user_id: userId, idx, address: deriveAddress(cfg.xpub, idx) })
  const row = await storedAddress(db, cfg.chain, userId)
  if (!row) throw new Error('deposit address not stored')
  return row.address
}

export function qrOf(address: string): Promise<string> {
  return QRCode.toDataURL(address, { errorCorrectionLevel: 'M', margin: 1, width: 220 })
}
