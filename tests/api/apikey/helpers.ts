import { generateKeyPairSync, sign } from 'node:crypto'
import type { ApiKeyCreated } from '@common/apikey/schema'
import type { FastifyInstance } from 'fastify'
import { hmacHex, signingInput } from '../../../server/platform/api-keys/index'
import { lastCodeSentTo } from '../../../server/platform/verify/messenger'
import { api, type Env, forgetLastSend, type Registered, ticket } from '../accounts/helpers'

/** A fresh e-mail security code for `user` (the second factor of key management). */
export async function emailCode(
  app: FastifyInstance,
  db: import('../../../server/db/db').Db,
  user: Registered,
) {
  await forgetLastSend(db, user.email)
  const body = { channel: 'email', purpose: 'security', ticket: await ticket(app, db) }
  const sent = await api(app).post('user/getCode', body, user.token)
  if (sent.code !== 200) throw new Error(`getCode: ${sent.code} ${sent.msg}`)
  return lastCodeSentTo(user.email) as string
}

export interface SignedKey {
  apiKey: string
  sign(message: string): string
}

export function hmacSigner(created: ApiKeyCreated): SignedKey {
  const secret = created.secret as string
  return { apiKey: created.apiKey, sign: (m) => hmacHex(secret, m) }
}

/** An Ed25519 pair: the public key as the user pastes it (PEM), and its signer. */
export function ed25519Pair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
  return {
    pem,
    signer: (apiKey: string): SignedKey => ({
      apiKey,
      sign: (m) => sign(null, Buffer.from(m), privateKey).toString('base64'),
    }),
  }
}

/**
 * A signed request the way a program sends it (docs/api.md): the signature over
 * timestamp + METHOD + path-with-query + raw body.
 */
export async function signed<T = unknown>(
  app: FastifyInstance,
  key: SignedKey,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  opts: { timestamp?: number; recvWindow?: number; signature?: string; ip?: string } = {},
) {
  const ts = String(opts.timestamp ?? Date.now())
  const raw = body === undefined ? '' : JSON.stringify(body)
  const signature = opts.signature ?? key.sign(signingInput(ts, method, path, raw))
  const res = await app.inject({
    method,
    url: path,
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    ...(raw ? { payload: raw } : {}),
    headers: {
      'x-api-key': key.apiKey,
      'x-api-timestamp': ts,
      'x-api-signature': signature,
      ...(opts.recvWindow ? { 'x-api-recv-window': String(opts.recvWindow) } : {}),
      ...(raw ? { 'content-type': 'application/json' } : {}),
    },
  })
  return { status: res.statusCode, headers: res.headers, body: res.json() as Env<T>, signature }
}
