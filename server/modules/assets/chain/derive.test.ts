import { bytesToHex } from 'viem'
import { HDKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { checkXpub } from '../../../chain-config'
import { deriveAddress } from './derive'

const root = HDKey.fromMasterSeed(new Uint8Array(32).fill(7))
const account = root.derive("m/44'/60'/0'")

describe('deposit addresses from the xpub', () => {
  it('match the addresses of the private keys the offline xprv derives (m/44h/60h/0h/0/i)', () => {
    for (const i of [0, 1, 41]) {
      const key = root.derive(`m/44'/60'/0'/0/${i}`).privateKey as Uint8Array
      expect(deriveAddress(account.publicExtendedKey, i)).toBe(
        privateKeyToAccount(bytesToHex(key)).address.toLowerCase(),
      )
    }
  })

  it('differ per index', () => {
    expect(deriveAddress(account.publicExtendedKey, 1)).not.toBe(deriveAddress(account.publicExtendedKey, 2))
  })

  it('an xprv in the configuration is refused', () => {
    expect(() => checkXpub(account.privateExtendedKey, 'CHAIN_ERC20_XPUB')).toThrow(/private key/)
    expect(() => checkXpub('xpubnonsense', 'CHAIN_ERC20_XPUB')).toThrow(/not an extended public key/)
    expect(checkXpub(account.publicExtendedKey, 'X')).toBe(account.publicExtendedKey)
  })
})
