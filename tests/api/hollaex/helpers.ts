import { createHmac } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { ApiKeyScope } from '@common/apikey/schema'
import ccxt from 'ccxt'
import WebSocket from 'ws'
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

export interface StreamMsg {
  seq: number
  topic?: string
  action?: string
  data?: unknown
  message?: string
  error?: string
}

/** A raw stream connection signed as HollaEx signs it, with every message it receives. */
export function connect(base: string, key: { apiKey: string; secret: string }, secret = key.secret) {
  const expires = String(Math.floor(Date.now() / 1000) + 30)
  const signature = createHmac('sha256', secret).update(`CONNECT/stream${expires}`).digest('hex')
  const url = `${base.replace('http', 'ws')}/api/hollaex/stream?api-key=${key.apiKey}&api-signature=${signature}&api-expires=${expires}`
  const ws = new WebSocket(url)
  const got: StreamMsg[] = []
  const waiters: { test: (m: StreamMsg) => boolean; done: (m: StreamMsg) => void }[] = []
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as StreamMsg
    got.push(m)
    for (const w of [...waiters])
      if (w.test(m)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.done(m)
      }
  })
  return {
    ws,
    got,
    opened: new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)))
    }),
    next(test: (m: StreamMsg) => boolean): Promise<StreamMsg> {
      const seen = got.find(test)
      if (seen) return Promise.resolve(seen)
      return new Promise((done) => waiters.push({ test, done }))
    },
  }
}
