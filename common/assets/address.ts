import { bech32, bech32m, createBase58check } from '@scure/base'
import { checksumAddress, sha256 } from 'viem'
import type { ChainFamily } from './chains'

/**
 * Withdrawal address checks per chain family: format and checksum, so a typo is caught before
 * funds are frozen. They cannot tell whether an address belongs to anyone.
 */

const base58check = createBase58check((data) => sha256(data, 'bytes'))

/** Base58check: payload (version byte first) when the 4-byte double-SHA-256 checksum matches. */
export function base58CheckDecode(s: string): Uint8Array | null {
  try {
    return base58check.decode(s)
  } catch {
    return null
  }
}

/** A segwit address (BIP-173 bech32 for v0, BIP-350 bech32m for v1+) with the given prefix. */
export function isSegwitAddress(addr: string, hrp: string): boolean {
  // Both decoders refuse mixed case, bad characters, more than 90 characters and a wrong checksum.
  const v0 = bech32.decodeUnsafe(addr)
  const decoded = v0 ?? bech32m.decodeUnsafe(addr)
  if (!decoded || decoded.prefix !== hrp || decoded.words.length === 0) return false
  const version = decoded.words[0] as number
  if (version > 16) return false
  // v0 must carry a bech32 checksum and v1+ a bech32m one.
  if ((version === 0) !== Boolean(v0)) return false
  const program = bech32.fromWordsUnsafe(decoded.words.slice(1))
  if (!program || program.length < 2 || program.length > 40) return false
  if (version === 0 && program.length !== 20 && program.length !== 32) return false
  return true
}

/** 0x + 40 hex; a mixed-case address must carry a valid EIP-55 checksum. */
export function isEvmAddress(addr: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(addr)) return false
  const hex = addr.slice(2)
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true
  return checksumAddress(addr as `0x${string}`) === addr
}

function isBase58Versioned(addr: string, versions: number[]): boolean {
  if (addr.length < 26 || addr.length > 35) return false
  const p = base58CheckDecode(addr)
  return p !== null && p.length === 21 && versions.includes(p[0] as number)
}

/** TRON: base58check of 0x41 + 20 bytes, "T..." and 34 characters. */
export function isTronAddress(addr: string): boolean {
  return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(addr) && isBase58Versioned(addr, [0x41])
}

/** Bitcoin main net: P2PKH (1...), P2SH (3...) or segwit (bc1...). */
export function isBtcAddress(addr: string): boolean {
  if (/^bc1/i.test(addr)) return isSegwitAddress(addr, 'bc')
  return isBase58Versioned(addr, [0x00, 0x05])
}

export function isLtcAddress(addr: string): boolean {
  if (/^ltc1/i.test(addr)) return isSegwitAddress(addr, 'ltc')
  return isBase58Versioned(addr, [0x30, 0x32, 0x05])
}

export function isDogeAddress(addr: string): boolean {
  return isBase58Versioned(addr, [0x1e, 0x16])
}

export function isValidAddress(family: ChainFamily, addr: string): boolean {
  switch (family) {
    case 'evm':
      return isEvmAddress(addr)
    case 'tron':
      return isTronAddress(addr)
    case 'btc':
      return isBtcAddress(addr)
    case 'ltc':
      return isLtcAddress(addr)
    case 'doge':
      return isDogeAddress(addr)
  }
}
