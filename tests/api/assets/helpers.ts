import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { expect } from 'vitest'
import { buildApp } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import type { Db } from '../../../server/db/db'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { MarketData } from '../../../server/market/service'
import { creditDeposit } from '../../../server/modules/assets/review'
import { api, registerEmail } from '../accounts/helpers'
import { readyStaff } from '../admin/helpers'
import { startHarness } from '../harness'

/** Valid addresses for tests (checksums verified by common/assets/address.test.ts). */
export const ADDR = {
  TRON: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  TRON2: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  EVM: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
}

export interface AssetsHarness {
  app: FastifyInstance
  db: Db
  market: MarketData
  get: ReturnType<typeof api>['get']
  post: ReturnType<typeof api>['post']
  close(): Promise<void>
}

/** The API harness with index prices: BTC 60000, ETH 3000 USDT, EURUSD 1.25. */
export async function startAssets(backend: 'pglite' | 'postgres'): Promise<AssetsHarness> {
  const h = await startHarness(backend, { authRateLimitPerMinute: 100_000 })
  const now = Date.now()
  const market = new MarketData(h.db, { now: () => now })
  await market.load()
  const units = (symbol: string, price: string) => {
    const pp = market.instrument(symbol)?.price_precision ?? 0
    const [i = '0', f = ''] = price.split('.')
    return Number(i + f.padEnd(pp, '0'))
  }
  market.onTicks(
    (
      [
        ['BTCUSDT', '60000'],
        ['ETHUSDT', '3000'],
        ['EURUSD', '1.25'],
      ] as const
    ).map(([symbol, p]) => ({ symbol, ts: now, price: units(symbol, p), volume: 1 })),
  )
  const app = await buildApp({
    config: {
      ...loadConfig({}),
      logLevel: 'silent',
      staticDir: '/nonexistent',
      rateLimitPerMinute: 100_000,
      authRateLimitPerMinute: 100_000,
    },
    db: h.db,
    market,
  })
  await app.ready()
  const { get, post } = api(app)
  return {
    app,
    db: h.db,
    market,
    get,
    post,
    async close() {
      await app.close()
      await h.close()
    },
  }
}

export async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#22aa66' } })
    .jpeg()
    .toBuffer()
}

export async function uploadProof(app: FastifyInstance, token: string): Promise<string> {
  const boundary = '----assets'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="proof.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`
  const res = await app.inject({
    method: 'POST',
    url: '/api/uploadImage',
    payload: Buffer.concat([Buffer.from(head), await jpeg(), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  })
  const body = res.json() as { code: number; data: { id: string } }
  expect(body.code).toBe(200)
  return body.data.id
}

/**
 * A ready operator (one-time password changed, Google authenticator on): the console's deposit-channel
 * and review endpoints answer only such accounts.
 */
export async function staff(h: AssetsHarness): Promise<{ token: string; userId: string }> {
  return readyStaff(h.app, h.db, 'operator')
}

/** Opens deposits of coin/chain through the staff endpoint. */
export async function openChannel(
  h: AssetsHarness,
  staffToken: string,
  coin: string,
  chain: string,
  address: string,
  minAmount = '1',
): Promise<void> {
  const r = await h.post(
    'admin/deposit-channels/save',
    { coin, chain, address, minAmount, confirmations: 12, enabled: true },
    staffToken,
  )
  expect(r.code, r.msg).toBe(200)
}

/** Submits a deposit with a proof through the API and credits it as an operator would. */
export async function fund(h: AssetsHarness, token: string, coin: string, chain: string, amount: string) {
  const voucher = await uploadProof(h.app, token)
  const d = await h.post<{ id: string }>('assets/deposit', { coin, chain, amount, voucher }, token)
  expect(d.code, d.msg).toBe(200)
  await creditDeposit(h.db, { depositId: d.data.id, actorId: 'test-operator' })
  return d.data.id
}

export async function expectSound(db: Db): Promise<void> {
  expect(ledgerIsSound(await checkLedger(db))).toBe(true)
}

export { registerEmail }
