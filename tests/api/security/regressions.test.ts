import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBalances } from '../../../server/ledger/ledger'
import { totpAt } from '../../../server/platform/verify/totp'
import { api, PASSWORD, registerEmail } from '../accounts/helpers'
import { readyStaff, type Staff } from '../admin/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { deviceKeys } from '../push/helpers'

/**
 * Issue 13, kept closed: each hole found from outside is replayed here as the attacker did it.
 * (The socket case is in socket-session.test.ts; the sweeps in authorization and fuzz.)
 */

// Well-known test key (Hardhat account 1): never holds real funds.
const wallet = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const PUBLIC = 'https://ex.example'

describe.each(backends)('security regressions on %s', (backend) => {
  let h: Harness
  let call: ReturnType<typeof api>
  let admin: Staff
  beforeAll(async () => {
    h = await startHarness(backend, {
      authRateLimitPerMinute: 100_000,
      publicOrigins: [PUBLIC],
      publicUrlSet: true,
    })
    call = api(h.app)
    admin = await readyStaff(h.app, h.db, 'admin')
  })
  afterAll(() => h.close())

  async function siwe(domain: string, uri: string) {
    const n = await call.post<{ nonce: string; ticket: string }>('user/walletNonce')
    expect(n.code).toBe(200)
    const now = Date.now()
    const message = createSiweMessage({
      domain,
      address: wallet.address,
      statement: 'Log in to Open Exchange',
      uri,
      version: '1',
      chainId: 1,
      nonce: n.data.nonce,
      issuedAt: new Date(now),
      expirationTime: new Date(now + 5 * 60 * 1000),
    })
    const signature = await wallet.signMessage({ message })
    return { account: wallet.address.toLowerCase(), message, signature, ticket: n.data.ticket }
  }

  it('1. wallet login and link accept only the configured PUBLIC_URL, whatever the Host header says', async () => {
    // The phishing relay: the victim signed a message that honestly names the phishing site, and
    // the attacker sends it with that site as Host.
    const phished = await siwe('phish.example', 'https://phish.example/')
    const relayed = await call.call('POST', 'user/walletlogin', phished, undefined, { host: 'phish.example' })
    expect(relayed.code).toBe(1105)
    // Our own domain over plain http, or our host in the URI of another scheme: refused too.
    expect((await call.post('user/walletlogin', await siwe('ex.example', 'http://ex.example/'))).code).toBe(
      1105,
    )
    // The message for our public origin works, whichever Host the request carried.
    const good = await call.call(
      'POST',
      'user/walletlogin',
      await siwe('ex.example', `${PUBLIC}/#/`),
      undefined,
      {
        host: 'internal:8080',
      },
    )
    expect(good.code, good.msg).toBe(200)

    const u = await registerEmail(h.app, h.db)
    const link = await call.call(
      'POST',
      'user/wallet/link',
      await siwe('phish.example', 'https://phish.example/'),
      u.token,
      {
        host: 'phish.example',
      },
    )
    expect(link.code).toBe(1105)
    expect(
      await h.db.selectFrom('user_wallet').select('user_id').where('user_id', '=', u.userId).execute(),
    ).toHaveLength(0)
  })

  // 2. (a socket outliving its session) is covered with real socket.io clients in socket-session.test.ts.

  it('3. a push subscription of another account is never moved to the caller; switching accounts still works', async () => {
    const victim = await registerEmail(h.app, h.db)
    const attacker = await registerEmail(h.app, h.db)
    const vk = deviceKeys()
    const ak = deviceKeys()
    const endpoint = 'https://push.example/device/victim-1'
    expect(
      (await call.post('push/subscribe', { endpoint, keys: vk.json, lang: 'en' }, victim.token)).code,
    ).toBe(200)
    const grab = await call.post('push/subscribe', { endpoint, keys: ak.json, lang: 'en' }, attacker.token)
    expect(grab.code).toBe(1801)
    const row = await h.db
      .selectFrom('push_subscription')
      .select(['user_id', 'p256dh', 'auth', 'lang'])
      .where('endpoint', '=', endpoint)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ user_id: victim.userId, p256dh: vk.json.p256dh, auth: vk.json.auth, lang: 'en' })
    // Nor removed by the attacker.
    await call.post('push/unsubscribe', { endpoint }, attacker.token)
    expect((await call.get<{ count: number }>('push/devices', {}, victim.token)).data.count).toBe(1)
    // Same account again (a language change): updated in place.
    expect(
      (await call.post('push/subscribe', { endpoint, keys: vk.json, lang: 'de' }, victim.token)).code,
    ).toBe(200)
    // Account switch on the device: the app unsubscribes the old account first, then the new one subscribes.
    expect((await call.post('push/unsubscribe', { endpoint }, victim.token)).code).toBe(200)
    expect(
      (await call.post('push/subscribe', { endpoint, keys: ak.json, lang: 'en' }, attacker.token)).code,
    ).toBe(200)
    expect((await call.get<{ count: number }>('push/devices', {}, attacker.token)).data.count).toBe(1)
  })

  it('4. NUL and other control characters are refused with 1101, never a 500', async () => {
    const u = await registerEmail(h.app, h.db)
    const cases: [string, Record<string, unknown>, string | undefined][] = [
      ['user/login', { account: 'a\u0000b@x.com', password: 'x' }, undefined],
      ['user/updateUserInfo', { nickname: 'ni\u0000ck' }, u.token],
      ['user/identity/basic', { name: 'A\u0000B', idNumber: '123', country: 'CN' }, u.token],
      ['admin/users/freeze', { userId: u.userId, reason: 'why\u0000' }, admin.token],
      ['admin/users/freeze', { userId: `${u.userId}\u0000`, reason: 'why' }, admin.token],
      ['user/login', { account: 'a@x.com', password: 'x\u001b[31m' }, undefined],
      ['user/login', { 'a\u0000': 1, account: 'a@x.com', password: 'x' }, undefined],
    ]
    for (const [url, body, token] of cases) {
      const res = await h.app.inject({
        method: 'POST',
        url: `/api/${url}`,
        payload: body,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      })
      expect(res.statusCode, url).toBe(200)
      expect(res.json(), url).toMatchObject({ code: 1101, data: { reason: 'control_characters' } })
    }
    // In a query string too.
    const q = await h.app.inject({ method: 'GET', url: '/api/article/list?q=a%00b' })
    expect(q.statusCode).toBe(200)
    expect(q.json().code).toBe(1101)
    // Line breaks and tabs are text, not control: an article body keeps them (the schema decides).
    const nick = await call.post('user/updateUserInfo', { nickname: 'plain' }, u.token)
    expect(nick.code).toBe(200)
  })

  it('4. an upload as multipart without a boundary (or cut short) is a client error, not a 500', async () => {
    const u = await registerEmail(h.app, h.db)
    for (const [type, payload] of [
      ['multipart/form-data', 'garbage'],
      ['multipart/form-data; boundary=', 'garbage'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\nabc',
      ],
    ] as const) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/uploadImage',
        payload,
        headers: { authorization: `Bearer ${u.token}`, 'content-type': type },
      })
      expect(res.statusCode, type).toBeLessThan(500)
      expect([1100, 1103], type).toContain(res.json().code)
    }
  })

  it('5. 50 concurrent wrong passwords get exactly 10 checks before the lock', async () => {
    const u = await registerEmail(h.app, h.db)
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call.post('user/login', { account: u.email, password: 'Wr0ngPassw0rd!' }),
      ),
    )
    const codes = results.map((r) => r.code)
    expect(codes.filter((c) => c === 1308)).toHaveLength(10)
    expect(codes.filter((c) => c === 1309)).toHaveLength(40)
    // Locked: the right password is not even checked now.
    expect((await call.post('user/login', { account: u.email, password: PASSWORD })).code).toBe(1309)
    const failures = await h.db
      .selectFrom('login_attempt')
      .select('id')
      .where('account', '=', u.email.toLowerCase())
      .where('success', '=', false)
      .execute()
    expect(failures).toHaveLength(10)
    // A correct password under the limit is not counted as a failure.
    const v = await registerEmail(h.app, h.db)
    expect((await call.post('user/login', { account: v.email, password: PASSWORD })).code).toBe(200)
    const vFailures = await h.db
      .selectFrom('login_attempt')
      .select('id')
      .where('user_id', '=', v.userId)
      .where('success', '=', false)
      .execute()
    expect(vFailures).toHaveLength(0)
  })

  it('5. 50 concurrent wrong Google authenticator codes get exactly 5 checks of the login challenge', async () => {
    const u = await registerEmail(h.app, h.db)
    const g = await call.get<{ secret: string }>('user/getGoogleToken', {}, u.token)
    const bind = await call.post(
      'user/bindGoogleToken',
      { googleCode: totpAt(g.data.secret, Date.now()), password: PASSWORD },
      u.token,
    )
    expect(bind.code).toBe(200)
    const login = await call.post<{ challengeId: string }>('user/login', {
      account: u.email,
      password: PASSWORD,
    })
    expect(login.code).toBe(1021)
    const { challengeId } = login.data
    // A code outside the +-1 step window, so every guess is wrong.
    const window = [-30_000, 0, 30_000, 60_000].map((d) => totpAt(g.data.secret, Date.now() + d))
    const wrong = ['000000', '111111', '222222'].find((x) => !window.includes(x)) as string
    // The challenge row is held (for update) while the 50 tries arrive, so they all read it before
    // any of them counts: only a count taken in the same step as its check holds them to 5.
    let tries: Promise<{ code: number }[]> = Promise.resolve([])
    await h.db.transaction().execute(async (trx) => {
      await trx.selectFrom('login_challenge').select('id').where('id', '=', challengeId).forUpdate().execute()
      tries = Promise.all(
        Array.from({ length: 50 }, () => call.post('user/loginConfirm', { challengeId, googleCode: wrong })),
      )
      await new Promise((r) => setTimeout(r, 500))
    })
    const results = await tries
    const codes = results.map((r) => r.code)
    expect(codes.filter((c) => c === 1314)).toHaveLength(5)
    expect(codes.filter((c) => c === 1311)).toHaveLength(45)
    // Spent: the right code is not even checked now.
    const right = totpAt(g.data.secret, Date.now() + 30_000)
    expect((await call.post('user/loginConfirm', { challengeId, googleCode: right })).code).toBe(1311)
    const row = await h.db
      .selectFrom('login_challenge')
      .select(['attempts', 'used_at'])
      .where('id', '=', challengeId)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ attempts: 5, used_at: null })
  })

  it('6. amounts finer than the asset precision are refused everywhere, with the limit in the message', async () => {
    const u = await registerEmail(h.app, h.db)
    const before = await readBalances(h.db, u.userId)
    const adjust = await call.post(
      'admin/users/adjust',
      { userId: u.userId, account: 'funding', asset: 'USDT', amount: '0.0000001', reason: 'Test dust' },
      admin.token,
    )
    expect(adjust).toMatchObject({
      code: 1101,
      data: { field: 'amount', reason: 'too_many_decimals', precision: 6 },
    })
    expect(adjust.msg).toContain('6 decimal places')
    const negative = await call.post(
      'admin/users/adjust',
      { userId: u.userId, account: 'funding', asset: 'USDT', amount: '-0.0000001', reason: 'Test dust' },
      admin.token,
    )
    expect(negative.code).toBe(1101)
    const dev = await call.post('dev/credit', { asset: 'USDT', amount: '1.0000001' }, u.token)
    expect(dev).toMatchObject({ code: 1101, data: { reason: 'too_many_decimals' } })
    expect(await readBalances(h.db, u.userId)).toEqual(before)
    // At the precision: accepted.
    expect((await call.post('dev/credit', { asset: 'USDT', amount: '10.000001' }, u.token)).code).toBe(200)
    const ok = await call.post(
      'admin/users/adjust',
      { userId: u.userId, account: 'funding', asset: 'USDT', amount: '0.000001', reason: 'Test ok' },
      admin.token,
    )
    expect(ok.code, ok.msg).toBe(200)
    // The user's own entry points share the check.
    const transfer = await call.post(
      'assets/transfer',
      { coin: 'USDT', from: 'spot', to: 'funding', amount: '1.0000001' },
      u.token,
    )
    expect(transfer).toMatchObject({ code: 1101, data: { reason: 'too_many_decimals' } })
    const quote = await call.post(
      'assets/exchange/quote',
      { from: 'USDT', to: 'BTC', amount: '1.0000001' },
      u.token,
    )
    expect(quote).toMatchObject({ code: 1101, data: { reason: 'too_many_decimals' } })
  })

  it('7. private answers carry Cache-Control: no-store; public images keep their caching', async () => {
    const u = await registerEmail(h.app, h.db)
    for (const url of [
      '/api/user/getUserInfo',
      '/api/assets/overview',
      '/api/user/sessions',
      '/api/spot/orders/open',
    ]) {
      const res = await h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${u.token}` } })
      expect(res.json().code, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('no-store')
    }
    const post = await h.app.inject({
      method: 'POST',
      url: '/api/user/updateUserInfo',
      payload: { nickname: 'x' },
      headers: { authorization: `Bearer ${u.token}` },
    })
    expect(post.headers['cache-control']).toBe('no-store')
    // Errors and refusals too.
    const refused = await h.app.inject({ method: 'GET', url: '/api/user/getUserInfo' })
    expect(refused.json().code).toBe(1003)
    expect(refused.headers['cache-control']).toBe('no-store')
    expect((await h.app.inject({ method: 'GET', url: '/api/nope' })).headers['cache-control']).toBe(
      'no-store',
    )
    // A public, identical-for-everyone image stays cacheable; with a token it is not.
    const logo = await h.app.inject({ method: 'GET', url: '/api/logo/BTC.svg' })
    expect(logo.statusCode).toBe(200)
    expect(logo.headers['cache-control']).toContain('public')
    const logoAuthed = await h.app.inject({
      method: 'GET',
      url: '/api/logo/BTC.svg',
      headers: { authorization: `Bearer ${u.token}` },
    })
    expect(logoAuthed.headers['cache-control']).toBe('no-store')
  })
})
