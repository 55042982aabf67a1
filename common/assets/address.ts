import { checksumAddress, sha256 } from 'viem'
import type { ChainFamily } from './chains'

/**
 * Withdrawal address checks per chain family: format and checksum, so a typo is caught before
 * funds are frozen. They cannot tell whether an address belongs to anyone.
 */

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Base58 decode; null on a character outside the alphabet. */
export function base58Decode(s: string): Uint8Array | null {
  if (s.length === 0) return null
  const bytes: number[] = [0]
  for (const ch of s) {
    const v = B58.indexOf(ch)
    if (v < 0) return null
    let carry = v
    for (let i = 0; i < bytes.length; i++) {
      carry += (bytes[i] as number) * 58
      bytes[i] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  for (const ch of s) {
    if (ch !== '1') break
    bytes.push(0)
  }
  return Uint8Array.from(bytes.reverse())
}

/** Base58check: payload (version byte first) when the 4-byte double-SHA-256 checksum matches. */
export function base58CheckDecode(s: string): Uint8Array | null {
  const raw = base58Decode(s)
  if (!raw || raw.length < 5) return null
  const payload = raw.slice(0, -4)
  const check = sha256(sha256(payload, 'bytes'), 'bytes')
  for (let i = 0; i < 4; i++) if (check[i] !== raw[raw.length - 4 + i]) return null
  return payload
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const BECH32_CONST = 1
const BECH32M_CONST = 0x2bc830a3

function polymod(values: number[]): number {
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
  let chk = 1
  for (const v of values) {
    const top = chk >>> 25
    chk = (((chk & 0x1ffffff) << 5) ^ v) >>> 0
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk = (chk ^ (GEN[i] as number)) >>> 0
  }
  return chk
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = []
  for (const c of hrp) out.push(c.charCodeAt(0) >> 5)
  out.push(0)
  for (const c of hrp) out.push(c.charCodeAt(0) & 31)
  return out
}

function convertBits(data: number[], from: number, to: number): number[] | null {
  let acc = 0
  let bits = 0
  const out: number[] = []
  const maxv = (1 << to) - 1
  for (const v of data) {
    acc = (acc << from) | v
    bits += from
    while (bits >= to) {
      bits -= to
      out.push((acc >> bits) & maxv)
    }
  }
  if (bits >= from || ((acc << (to - bits)) & maxv) !== 0) return null
  return out
}

/** A segwit address (BIP-173 bech32 for v0, BIP-350 bech32m for v1+) with the given prefix. */
export function isSegwitAddress(addr: string, hrp: string): boolean {
  if (addr !== addr.toLowerCase() && addr !== addr.toUpperCase()) return false
  const s = addr.toLowerCase()
  const pos = s.lastIndexOf('1')
  if (pos < 1 || pos + 7 > s.length || s.length > 90) return false
  if (s.slice(0, pos) !== hrp) return false
  const data: number[] = []
  for (const c of s.slice(pos + 1)) {
    const v = BECH32.indexOf(c)
    if (v < 0) return false
    data.push(v)
  }
  const check = polymod([...hrpExpand(hrp), ...data])
  const version = data[0] as number
  if (version > 16) return false
  if (check !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return false
  const program = convertBits(data.slice(1, -6), 5, 8)
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
