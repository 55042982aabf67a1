import { HDKey } from 'viem/accounts'

/**
 * The operator key of development and tests: a fixed, PUBLIC seed. Never use it for real funds.
 * The xpub is what a server gets; the xprv (here derivable by anyone) stays offline in production.
 */
export const DEV_OPERATOR_ROOT = HDKey.fromMasterSeed(new Uint8Array(32).fill(9))
export const XPUB = DEV_OPERATOR_ROOT.derive("m/44'/60'/0'").publicExtendedKey
