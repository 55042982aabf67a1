import { SIWE_TTL_MS } from '@common/wallet/schema'
import type { SiweMessage } from 'viem/siwe'

const SKEW_MS = 60 * 1000

/**
 * What a Sign-In with Ethereum message must say for us to accept it (EIP-4361): one of our
 * configured public origins (PUBLIC_URL, never the request's Host header, which a relaying
 * phishing site chooses) as domain and URI, the claimed address, version 1, a nonce, issued
 * now-ish and expiring within five minutes. Returns the first problem, or null. The signature
 * and nonce are checked by the caller.
 */
export function siweProblem(
  msg: Partial<SiweMessage>,
  expect: { origins: readonly string[]; address: string; now: number },
): string | null {
  // URL.host drops default ports, as window.location.host does in the app that writes the message.
  const origin = expect.origins.find((o) => new URL(o).host === msg.domain)
  if (!origin) return 'domain'
  if (!msg.address || msg.address.toLowerCase() !== expect.address) return 'address'
  if (msg.version !== '1') return 'version'
  if (!msg.nonce) return 'nonce'
  if (!msg.uri) return 'uri'
  try {
    if (new URL(msg.uri).origin !== origin) return 'uri'
  } catch {
    return 'uri'
  }
  if (typeof msg.chainId !== 'number') return 'chainId'
  const issued = msg.issuedAt?.getTime()
  const expires = msg.expirationTime?.getTime()
  if (issued === undefined || Number.isNaN(issued) || issued > expect.now + SKEW_MS) return 'issuedAt'
  if (expires === undefined || Number.isNaN(expires) || expires <= expect.now) return 'expired'
  if (expires - issued > SIWE_TTL_MS + SKEW_MS) return 'expirationTime'
  if (msg.notBefore && msg.notBefore.getTime() > expect.now + SKEW_MS) return 'notBefore'
  return null
}
