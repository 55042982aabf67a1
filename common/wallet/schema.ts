import * as v from 'valibot'

/** Wallet login (docs/spec.md section 7: /user/walletlogin; EIP-4361 Sign-In with Ethereum). */
export const WALLET_ADDRESS_RE = /^0x[0-9a-f]{40}$/

export const walletNonceSchema = v.object({})

export const walletProofSchema = v.object({
  /** The lowercased wallet address (docs/spec.md section 3). */
  account: v.pipe(v.string(), v.regex(WALLET_ADDRESS_RE)),
  message: v.pipe(v.string(), v.minLength(20), v.maxLength(2000)),
  signature: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{130}$/)),
  /** The secret handed out with the nonce: a nonce only works for the client that asked for it. */
  ticket: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,100}$/)),
})
export type WalletProof = v.InferOutput<typeof walletProofSchema>

export const walletUnlinkSchema = v.object({ account: v.pipe(v.string(), v.regex(WALLET_ADDRESS_RE)) })

/** How long a signed message is good for. */
export const SIWE_TTL_MS = 5 * 60 * 1000
