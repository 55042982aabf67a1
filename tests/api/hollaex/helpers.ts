import type { AddressInfo } from 'node:net'
import type { ApiKeyScope } from '@common/apikey/schema'
import ccxt from 'ccxt'
import { configureApiKeys, createKey } from '../../../server/platform/api-keys/index'
import { type Harness, startHarness } from '../harness'

/** The harness app listening on a free port, and its base URL. */
export async function startListening(backend: 'pglite' | 'postgres'): Promise<Harness & { base: string }> {
  configureApiKeys({ encryptionKey: Buffer.alloc(32, 7), rateLimitPerMinute: 10_000 })
  const h = await startHarness(backend)
  await h.app.listen({ port: 0, host: '127.0.0.1' })
  return { ...h, base: `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}` }
}

/** A new HMAC key of `userId` (the secret as shown once). */
export async function hmacKey(
  h: Harness,
  userId: string,
  scopes: ApiKeyScope[] = ['read', 'spot:trade'],
  ips: string[] = [],
) {
  const k = await createKey(h.db, userId, { label: 'bot', type: 'hmac', scopes, ips })
  return { id: k.id, apiKey: k.apiKey, secret: k.secret as string }
}

/** A stock ccxt HollaEx client on this exchange (no client-side throttle, so the tests run fast). */
export function hollaexClient(
  base: string,
  key: { apiKey: string; secret: string },
  extra: Record<string, unknown> = {},
) {
  return new ccxt.hollaex({
    apiKey: key.apiKey,
    secret: key.secret,
    enableRateLimit: false,
    urls: { api: { rest: `${base}/api/hollaex` } },
    ...extra,
  })
}
