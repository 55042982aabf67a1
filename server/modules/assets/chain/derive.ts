import { secp256k1 } from '@noble/curves/secp256k1'
import { bytesToHex } from 'viem'
import { HDKey, publicKeyToAddress } from 'viem/accounts'

/**
 * A user's deposit address: <xpub>/0/<index> (BIP-32, external chain), computed from the
 * operator's extended public key alone. The matching private key exists only where the xprv is
 * kept, offline (docs/products/chains.md, sweeping). Lower-case hex.
 */
export function deriveAddress(xpub: string, index: number): string {
  const child = HDKey.fromExtendedKey(xpub).deriveChild(0).deriveChild(index)
  if (!child.publicKey) throw new Error('no public key at this index')
  const point = secp256k1.ProjectivePoint.fromHex(child.publicKey).toRawBytes(false)
  return publicKeyToAddress(bytesToHex(point)).toLowerCase()
}
