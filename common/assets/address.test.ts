import { describe, expect, it } from 'vitest'
import {
  isBtcAddress,
  isDogeAddress,
  isEvmAddress,
  isLtcAddress,
  isTronAddress,
  isValidAddress,
} from './address'

describe('EVM addresses', () => {
  it('accepts all-lowercase, all-uppercase and correctly checksummed', () => {
    expect(isEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true)
    expect(isEvmAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(true)
    expect(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true)
    expect(isEvmAddress('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).toBe(true)
  })
  it('refuses a wrong checksum, wrong length or missing prefix', () => {
    expect(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false)
    expect(isEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae')).toBe(false)
    expect(isEvmAddress('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed00')).toBe(false)
    expect(isEvmAddress('0xZaaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(false)
  })
})

describe('TRON addresses', () => {
  it('accepts valid base58check T addresses', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true)
    expect(isTronAddress('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe(true)
  })
  it('refuses a changed character, wrong prefix or length', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false)
    expect(isTronAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false)
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe(false)
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t')).toBe(false)
  })
})

describe('Bitcoin addresses', () => {
  it('accepts P2PKH, P2SH, bech32 and bech32m', () => {
    expect(isBtcAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true)
    expect(isBtcAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true)
    expect(isBtcAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true)
    expect(isBtcAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true)
    expect(isBtcAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe(true)
  })
  it('refuses bad checksums, mixed case, testnet and other coins', () => {
    expect(isBtcAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false)
    expect(isBtcAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false)
    expect(isBtcAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xW7kv8f3t4')).toBe(false)
    expect(isBtcAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false)
    // bech32 (not bech32m) checksum on a v1 program is refused (BIP-350)
    expect(isBtcAddress('bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx')).toBe(
      false,
    )
    expect(isBtcAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false)
    expect(isBtcAddress('')).toBe(false)
  })
})

describe('segwit test vectors (BIP-173, BIP-350)', () => {
  it('accepts v0 with 20 or 32 bytes (bech32) and v1 to v16 (bech32m)', () => {
    expect(isBtcAddress('bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3')).toBe(true)
    expect(isBtcAddress('bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y')).toBe(
      true,
    )
    expect(isBtcAddress('BC1SW50QGDZ25J')).toBe(true)
  })
  it('refuses the wrong checksum kind, bad program lengths and an empty data part', () => {
    for (const bad of [
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut',
      'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
      'bc1rw5uspcuh',
      'bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90',
      'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P',
      'bc1gmk9yu',
    ])
      expect(isBtcAddress(bad)).toBe(false)
  })
})

describe('other families', () => {
  it('checks Litecoin and Dogecoin prefixes', () => {
    expect(isLtcAddress('LaMT348PWRnrqeeWArpwQPbuanpXDZGEUz')).toBe(true)
    expect(isLtcAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false)
    expect(isDogeAddress('DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L')).toBe(true)
    expect(isDogeAddress('LaMT348PWRnrqeeWArpwQPbuanpXDZGEUz')).toBe(false)
  })
  it('dispatches by family', () => {
    expect(isValidAddress('evm', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false)
    expect(isValidAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true)
  })
})
