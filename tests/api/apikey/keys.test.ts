import type { ApiKeyCreated, ApiKeyView } from '@common/apikey/schema'
import type { SpotOrder } from '@common/spot/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { setKeyRateLimit } from '../../../server/platform/api-keys/index'
import { totpAt } from '../../../server/platform/verify/totp'
import { api, PASSWORD, type Registered, registerEmail } from '../accounts/helpers'
import { readyStaff } from '../admin/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { fund, spotBalance } from '../spot/helpers'
import { ed25519Pair, emailCode, hmacSigner, signed } from './helpers'

describe.each(backends)('API keys and signed requests on %s', (backend) => {
  let h: Harness
  let call: ReturnType<typeof api>
  let alice: Registered
  beforeAll(async () => {
    h = await startHarness(backend, { authRateLimitPerMinute: 100_000 })
    call = api(h.app)
    alice = await registerEmail(h.app, h.db)
    await fund(h.db, alice.userId, 'USDT', '10000')
  })
  afterAll(() => h.close())

  async function create(user: Registered, body: Record<string, unknown>) {
    return call.post<ApiKeyCreated>(
      'apikey/create',
      { label: 'bot', type: 'hmac', ...body, emailCode: await emailCode(h.app, h.db, user) },
      user.token,
    )
  }

  it('creates, lists, updates and deletes keys with the second factor; the secret is shown once', async () => {
    const noCode = await call.post(
      'apikey/create',
      { label: 'x', type: 'hmac', scopes: ['read'] },
      alice.token,
    )
    expect(noCode.code).toBe(1508)
    const made = await create(alice, { scopes: ['spot:trade'], ips: ['10.0.0.0/8'] })
    expect(made.code, made.msg).toBe(200)
    expect(made.data.secret).toMatch(/^[0-9a-f]{64}$/)
    const list = await call.get<ApiKeyView[]>('apikey/list', {}, alice.token)
    const mine = list.data.find((k) => k.id === made.data.id)
    expect(mine).toMatchObject({
      label: 'bot',
      type: 'hmac',
      scopes: ['read', 'spot:trade'],
      ips: ['10.0.0.0/8'],
    })
    expect(JSON.stringify(list.data)).not.toContain(made.data.secret)
    const row = await h.db
      .selectFrom('api_key')
      .select('secret_enc')
      .where('id', '=', made.data.id)
      .executeTakeFirst()
    expect(row?.secret_enc).not.toContain(made.data.secret as string)

    const upd = await call.post(
      'apikey/update',
      { id: made.data.id, label: 'maker', ips: [], emailCode: await emailCode(h.app, h.db, alice) },
      alice.token,
    )
    expect(upd.code, upd.msg).toBe(200)
    const withdrawNoIps = await call.post(
      'apikey/update',
      { id: made.data.id, scopes: ['withdraw'], emailCode: await emailCode(h.app, h.db, alice) },
      alice.token,
    )
    expect(withdrawNoIps.code).toBe(2609)
    const del = await call.post('apikey/delete', { id: made.data.id }, alice.token)
    expect(del.code).toBe(200)
    const after = await call.get<ApiKeyView[]>('apikey/list', {}, alice.token)
    expect(after.data.some((k) => k.id === made.data.id)).toBe(false)
    expect((await call.post('apikey/delete', { id: made.data.id }, alice.token)).code).toBe(2611)
  })

  it('a signed request places a spot order and reads balances; refusals carry clear codes', async () => {
    const made = await create(alice, { scopes: ['spot:trade'] })
    const key = hmacSigner(made.data)
    const order = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', amount: '0.01' }
    const placed = await signed<SpotOrder>(h.app, key, 'POST', '/api/spot/order/place', order)
    expect(placed.body.code, placed.body.msg).toBe(200)
    expect(placed.body.data).toMatchObject({ status: 'open', price: '1000', amount: '0.01' })
    expect(placed.headers['x-ratelimit-limit']).toBeDefined()
    expect(Number(placed.headers['x-ratelimit-remaining'])).toBeLessThan(
      Number(placed.headers['x-ratelimit-limit']),
    )
    // 10 USDT and the taker fee at most (0.1 %) are frozen for the open order.
    expect(await spotBalance(h.db, alice.userId, 'USDT')).toEqual({ available: '9989.99', frozen: '10.01' })

    const bal = await signed<unknown>(h.app, key, 'GET', '/api/assets/balances?account=spot')
    expect(bal.body.code, bal.body.msg).toBe(200)

    const bad = await signed(h.app, { ...key, sign: () => '0'.repeat(64) }, 'GET', '/api/spot/orders/open')
    expect(bad.body.code).toBe(2601)
    const stale = await signed(h.app, key, 'GET', '/api/spot/orders/open', undefined, {
      timestamp: Date.now() - 6000,
    })
    expect(stale.body.code).toBe(2602)
    const wide = await signed(h.app, key, 'GET', '/api/spot/orders/open', undefined, {
      timestamp: Date.now() - 6000,
      recvWindow: 10_000,
    })
    expect(wide.body.code).toBe(200)
    const ts = Date.now()
    const first = await signed(h.app, key, 'GET', '/api/spot/orders/open', undefined, { timestamp: ts })
    expect(first.body.code).toBe(200)
    const replay = await signed(h.app, key, 'GET', '/api/spot/orders/open', undefined, { timestamp: ts })
    expect(replay.body.code).toBe(2603)
    const admin = await signed(h.app, key, 'GET', '/api/admin/users/search')
    expect(admin.body.code).toBe(2607)
    const keys = await signed(h.app, key, 'GET', '/api/apikey/list')
    expect(keys.body.code).toBe(2607)
    const security = await signed(h.app, key, 'GET', '/api/user/security/home')
    expect(security.body.code).toBe(2607)
    const contract = await signed(h.app, key, 'POST', '/api/contract/order/cancel-all', {})
    expect(contract.body.code).toBe(2606)
    expect(await checkLedger(h.db).then(ledgerIsSound)).toBe(true)
  })

  it('a read-only key cannot trade; an address outside the allowlist and a revoked key are refused', async () => {
    const ro = hmacSigner((await create(alice, { scopes: ['read'] })).data)
    const order = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', amount: '0.01' }
    expect((await signed(h.app, ro, 'POST', '/api/spot/order/place', order)).body.code).toBe(2606)
    expect((await signed(h.app, ro, 'GET', '/api/spot/orders/open')).body.code).toBe(200)

    const fenced = await create(alice, { scopes: ['read'], ips: ['203.0.113.0/24'] })
    const f = hmacSigner(fenced.data)
    expect(
      (await signed(h.app, f, 'GET', '/api/spot/orders/open', undefined, { ip: '198.51.100.7' })).body.code,
    ).toBe(2605)
    expect(
      (await signed(h.app, f, 'GET', '/api/spot/orders/open', undefined, { ip: '203.0.113.9' })).body.code,
    ).toBe(200)

    const gone = await create(alice, { scopes: ['read'] })
    await call.post('apikey/delete', { id: gone.data.id }, alice.token)
    expect((await signed(h.app, hmacSigner(gone.data), 'GET', '/api/spot/orders/open')).body.code).toBe(2604)
  })

  it('an Ed25519 key signs with its private key; the server keeps only the public key', async () => {
    const pair = ed25519Pair()
    const made = await create(alice, { type: 'ed25519', publicKey: pair.pem, scopes: ['read'] })
    expect(made.code, made.msg).toBe(200)
    expect(made.data.secret).toBeUndefined()
    const res = await signed(
      h.app,
      pair.signer(made.data.apiKey),
      'GET',
      '/api/spot/orders/open?symbol=BTCUSDT',
    )
    expect(res.body.code, res.body.msg).toBe(200)
    const wrong = await signed(h.app, ed25519Pair().signer(made.data.apiKey), 'GET', '/api/spot/orders/open')
    expect(wrong.body.code).toBe(2601)
    const invalid = await create(alice, { type: 'ed25519', publicKey: 'abc', scopes: ['read'] })
    expect(invalid.code).toBe(2610)
  })

  it('keys end on password change and on logout of all devices', async () => {
    const bob = await registerEmail(h.app, h.db)
    const k1 = hmacSigner((await create(bob, { scopes: ['read'] })).data)
    expect((await signed(h.app, k1, 'GET', '/api/spot/orders/open')).body.code).toBe(200)
    const pw = await call.post(
      'safe/updatePassword',
      { oldPassword: 'Passw0rd!x', password: 'N3wPassw0rd', confirmPassword: 'N3wPassw0rd' },
      bob.token,
    )
    expect(pw.code, pw.msg).toBe(200)
    expect((await signed(h.app, k1, 'GET', '/api/spot/orders/open')).body.code).toBe(2604)

    const carol = await registerEmail(h.app, h.db)
    const k2 = hmacSigner((await create(carol, { scopes: ['read'] })).data)
    expect((await call.post('user/sessions/revoke-all', {}, carol.token)).code).toBe(200)
    expect((await signed(h.app, k2, 'GET', '/api/spot/orders/open')).body.code).toBe(2604)
  })

  it("the console lists a user's keys without secrets, revokes one with a reason (audited); a freeze ends them all", async () => {
    const staff = await readyStaff(h.app, h.db, 'operator')
    const dave = await registerEmail(h.app, h.db)
    const a = await create(dave, { scopes: ['read'] })
    const b = await create(dave, { scopes: ['read'] })
    const listed = await call.get<ApiKeyView[]>('admin/apikey/list', { userId: dave.userId }, staff.token)
    expect(listed.data.map((k) => k.id).sort()).toEqual([a.data.id, b.data.id].sort())
    expect(JSON.stringify(listed.data)).not.toContain(a.data.secret)
    const noReason = await call.post(
      'admin/apikey/revoke',
      { userId: dave.userId, id: a.data.id },
      staff.token,
    )
    expect(noReason.code).toBe(1101)
    const rev = await call.post(
      'admin/apikey/revoke',
      { userId: dave.userId, id: a.data.id, reason: 'leaked on a forum' },
      staff.token,
    )
    expect(rev.code, rev.msg).toBe(200)
    const audit = await h.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target_id', '=', dave.userId)
      .where('action', '=', 'apikey.revoke')
      .execute()
    expect(audit).toEqual([{ action: 'apikey.revoke', reason: 'leaked on a forum' }])
    expect((await signed(h.app, hmacSigner(a.data), 'GET', '/api/spot/orders/open')).body.code).toBe(2604)
    expect((await signed(h.app, hmacSigner(b.data), 'GET', '/api/spot/orders/open')).body.code).toBe(200)
    const frozen = await call.post(
      'admin/users/freeze',
      { userId: dave.userId, reason: 'under review' },
      staff.token,
    )
    expect(frozen.code, frozen.msg).toBe(200)
    expect((await signed(h.app, hmacSigner(b.data), 'GET', '/api/spot/orders/open')).body.code).toBe(2604)
  })

  it('a Google-authenticator reset by the console ends the keys; with Google bound, create asks for its code', async () => {
    const staff = await readyStaff(h.app, h.db, 'operator')
    const erin = await registerEmail(h.app, h.db)
    const g = await call.get<{ secret: string }>('user/getGoogleToken', {}, erin.token)
    const bound = await call.post(
      'user/bindGoogleToken',
      { googleCode: totpAt(g.data.secret, Date.now()), password: PASSWORD },
      erin.token,
    )
    expect(bound.code, bound.msg).toBe(200)
    const body = { label: 'bot', type: 'hmac', scopes: ['read'] }
    expect((await call.post('apikey/create', body, erin.token)).code).toBe(1508)
    const made = await call.post<ApiKeyCreated>(
      'apikey/create',
      { ...body, googleCode: totpAt(g.data.secret, Date.now() + 30_000) },
      erin.token,
    )
    expect(made.code, made.msg).toBe(200)
    const k = hmacSigner(made.data)
    expect((await signed(h.app, k, 'GET', '/api/spot/orders/open')).body.code).toBe(200)
    const reset = await call.post(
      'admin/users/reset-google',
      { userId: erin.userId, reason: 'lost phone' },
      staff.token,
    )
    expect(reset.code, reset.msg).toBe(200)
    expect((await signed(h.app, k, 'GET', '/api/spot/orders/open')).body.code).toBe(2604)
  })

  it('limits requests per key with the standard headers and Retry-After', async () => {
    const k = hmacSigner((await create(alice, { scopes: ['read'] })).data)
    setKeyRateLimit(3)
    try {
      const answers = []
      for (let i = 0; i < 4; i++) answers.push(await signed(h.app, k, 'GET', `/api/spot/orders/open?n=${i}`))
      expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200])
      expect(answers[2]?.headers['x-ratelimit-remaining']).toBe('0')
      expect(answers[3]?.status).toBe(429)
      expect(Number(answers[3]?.headers['retry-after'])).toBeGreaterThan(0)
    } finally {
      setKeyRateLimit(1200)
    }
  })

  it('GET /api/time answers the server clock', async () => {
    const before = Date.now()
    const t = await call.get<{ serverTime: number }>('time')
    expect(t.data.serverTime).toBeGreaterThanOrEqual(before)
  })
})
