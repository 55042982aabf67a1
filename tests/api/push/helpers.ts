import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { toUnits } from '@common/money/units'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../server/app'
import { type Config, loadConfig } from '../../../server/config'
import type { Db } from '../../../server/db/db'
import { MarketData } from '../../../server/market/service'
import { openMigratedDb } from '../harness'

export interface PushHarness {
  app: FastifyInstance
  db: Db
  market: MarketData
  /** Feeds one index tick, the way the feed does. */
  tick(symbol: string, price: string): void
  close(): Promise<void>
}

/** Like tests/api/harness.ts, with a market the test drives by hand. */
export async function startPushHarness(backend: 'pglite' | 'postgres'): Promise<PushHarness> {
  const { db, dropSchema } = await openMigratedDb(backend)
  const market = new MarketData(db)
  await market.load()
  const config: Config = {
    ...loadConfig({}),
    logLevel: 'silent',
    staticDir: '/nonexistent',
    rateLimitPerMinute: 10_000,
  }
  const app = await buildApp({ config, db, market })
  await app.ready()
  let ts = Date.now()
  return {
    app,
    db,
    market,
    tick(symbol, price) {
      ts += 1000
      const inst = market.instrument(symbol)
      if (!inst) throw new Error(`no instrument ${symbol}`)
      market.onTicks([{ symbol, ts, price: toUnits(price, inst.price_precision), volume: 1000 }])
    },
    async close() {
      await app.close()
      await db.destroy()
      if (dropSchema) await dropSchema()
    },
  }
}

/** A browser's push keys: an ECDH P-256 pair and a 16-byte auth secret. */
export function deviceKeys() {
  const ecdh = createECDH('prime256v1')
  const publicKey = ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    publicKey,
    auth,
    json: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
  }
}
export type DeviceKeys = ReturnType<typeof deviceKeys>

/** RFC 8291 / RFC 8188 (aes128gcm) decryption of one push message with the device's keys. */
export function decryptPush(body: Buffer, keys: DeviceKeys): string {
  const salt = body.subarray(0, 16)
  const rs = body.readUInt32BE(16)
  const idlen = body[20] as number
  const asPublic = body.subarray(21, 21 + idlen)
  const record = body.subarray(21 + idlen)
  if (record.length > rs) throw new Error('more than one record')
  const ecdhSecret = keys.ecdh.computeSecret(asPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, asPublic])
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, keys.auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const d = createDecipheriv('aes-128-gcm', cek, nonce)
  d.setAuthTag(record.subarray(record.length - 16))
  const plain = Buffer.concat([d.update(record.subarray(0, record.length - 16)), d.final()])
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = plain.length - 1
  while (end >= 0 && plain[end] === 0) end--
  if (plain[end] !== 2) throw new Error('bad padding delimiter')
  return plain.subarray(0, end).toString('utf8')
}

/** Checks the VAPID `Authorization: vapid t=<jwt>, k=<key>` header's ES256 signature and audience. */
export function verifyVapid(header: string | undefined, expectKey: string, origin: string): boolean {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '')
  if (!m) return false
  const [, jwt, k] = m as unknown as [string, string, string]
  if (k !== expectKey) return false
  const [h, p, sig] = jwt.split('.') as [string, string, string]
  const raw = Buffer.from(k, 'base64url')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const good = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  )
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; exp: number }
  return good && claims.aud === origin && claims.exp * 1000 > Date.now()
}

export interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
}

/**
 * A push service on loopback: records every message; paths starting with /gone answer 410, paths
 * starting with /hold answer only once release() is called.
 */
export async function startPushEndpoint(): Promise<{
  origin: string
  received: Received[]
  release(): void
  close(): Promise<void>
}> {
  const received: Received[] = []
  const held: (() => void)[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      res.statusCode = req.url?.startsWith('/gone') ? 410 : 201
      if (req.url?.startsWith('/hold')) held.push(() => res.end())
      else res.end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    release: () => {
      for (const end of held.splice(0)) end()
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
