import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lastCodeSentTo, outboxMessages } from '../../../server/platform/verify/messenger'
import { totpAt } from '../../../server/platform/verify/totp'
import { backends, type Harness, startHarness } from '../harness'
import { api, forgetLastSend, PASSWORD, registerEmail, ticket } from './helpers'

describe.each(backends)('login, sessions and second checks on %s', (backend) => {
  let h: Harness
  let post: ReturnType<typeof api>['post']
  let get: ReturnType<typeof api>['get']
  beforeAll(async () => {
    h = await startHarness(backend, { authRateLimitPerMinute: 100_000 })
    ;({ post, get } = api(h.app))
  })
  afterAll(async () => {
    await h.close()
  })

  it('logs in with the password; logout ends that token at once', async () => {
    const r = await registerEmail(h.app, h.db)
    const bad = await post('user/login', { account: r.email, password: 'Wrong0ne!' })
    expect(bad.code).toBe(1308)
    const res = await post<{ token: string }>('user/login', {
      account: r.email.toUpperCase(),
      password: PASSWORD,
    })
    expect(res.code).toBe(200)
    expect((await get('user/getUserInfo', {}, res.data.token)).code).toBe(200)
    expect((await post('user/logout', {}, res.data.token)).code).toBe(200)
    expect((await get('user/getUserInfo', {}, res.data.token)).code).toBe(1003)
    // The registration session is untouched.
    expect((await get('user/getUserInfo', {}, r.token)).code).toBe(200)
    expect((await get('user/getUserInfo', {}, 'garbage')).code).toBe(1003)
    expect((await get('user/getUserInfo')).code).toBe(1003)
  })

  it('locks after 10 failures in 15 minutes for that account and address', async () => {
    const r = await registerEmail(h.app, h.db)
    for (let i = 0; i < 10; i++)
      expect((await post('user/login', { account: r.email, password: 'Nope1234' })).code).toBe(1308)
    expect((await post('user/login', { account: r.email, password: PASSWORD })).code).toBe(1309)
    await h.db
      .updateTable('login_attempt')
      .set({ created_at: new Date(Date.now() - 16 * 60_000) })
      .where('account', '=', r.email)
      .execute()
    expect((await post('user/login', { account: r.email, password: PASSWORD })).code).toBe(200)
  })

  it('lists sessions, revokes another one, and never someone else’s', async () => {
    const a = await registerEmail(h.app, h.db)
    const b = await registerEmail(h.app, h.db)
    const second = await post<{ token: string }>('user/login', { account: a.email, password: PASSWORD })
    const list = await get<{ id: string; current: boolean }[]>('user/sessions', {}, a.token)
    expect(list.data).toHaveLength(2)
    const other = list.data.find((s) => !s.current) as { id: string }
    expect((await post('user/sessions/revoke', { id: other.id }, b.token)).code).toBe(1004)
    expect((await get('user/getUserInfo', {}, second.data.token)).code).toBe(200)
    expect((await post('user/sessions/revoke', { id: other.id }, a.token)).code).toBe(200)
    expect((await get('user/getUserInfo', {}, second.data.token)).code).toBe(1003)
    const history = await get<{ list: { success: boolean }[] }>('user/loginHistory', {}, a.token)
    expect(history.data.list.length).toBeGreaterThanOrEqual(2)
    const bHistory = await get<{ list: unknown[] }>('user/loginHistory', {}, b.token)
    expect(bHistory.data.list).toHaveLength(1)
  })

  it('binds Google authenticator, then login needs the 1021 second check; a TOTP code works once', async () => {
    const r = await registerEmail(h.app, h.db)
    const g = await get<{ secret: string; uri: string; qr: string }>('user/getGoogleToken', {}, r.token)
    expect(g.data.uri).toContain(`secret=${g.data.secret}`)
    expect(g.data.qr).toMatch(/^data:image\/png;base64,/)
    expect(
      (await post('user/bindGoogleToken', { googleCode: '000000', password: PASSWORD }, r.token)).code,
    ).toBe(1314)
    const bindCode = totpAt(g.data.secret, Date.now())
    expect(
      (await post('user/bindGoogleToken', { googleCode: bindCode, password: 'Wrong0ne!' }, r.token)).code,
    ).toBe(1312)
    expect(
      (await post('user/bindGoogleToken', { googleCode: bindCode, password: PASSWORD }, r.token)).code,
    ).toBe(200)
    const sw = await get<{ google: boolean }>('user/switchSecondVerify', {}, r.token)
    expect(sw.data.google).toBe(true)

    const login = await post<{ challengeId: string; google: boolean; sms: boolean }>('user/login', {
      account: r.email,
      password: PASSWORD,
    })
    expect(login.code).toBe(1021)
    expect(login.data).toMatchObject({ google: true, sms: false, email: false })
    // The bind code's step is spent: it cannot log in.
    expect(
      (await post('user/loginConfirm', { challengeId: login.data.challengeId, googleCode: bindCode })).code,
    ).toBe(1314)
    // Next step's code (inside the +-1 window) works once.
    const next = totpAt(g.data.secret, Date.now() + 30_000)
    const ok = await post<{ token: string }>('user/loginConfirm', {
      challengeId: login.data.challengeId,
      googleCode: next,
    })
    expect(ok.code).toBe(200)
    expect((await get('user/getUserInfo', {}, ok.data.token)).code).toBe(200)
    expect(
      (await post('user/loginConfirm', { challengeId: login.data.challengeId, googleCode: next })).code,
    ).toBe(1311)
  })

  it('e-mail login check: code sent on request, bound to the login purpose', async () => {
    const r = await registerEmail(h.app, h.db)
    await forgetLastSend(h.db, r.email)
    expect(
      (
        await post(
          'user/getCode',
          { channel: 'email', purpose: 'security', ticket: await ticket(h.app, h.db) },
          r.token,
        )
      ).code,
    ).toBe(200)
    const enable = await post(
      'user/enableSmsEmailGoogle',
      { type: 'email', code: lastCodeSentTo(r.email) },
      r.token,
    )
    expect(enable.code).toBe(200)
    const login = await post<{ challengeId: string }>('user/login', { account: r.email, password: PASSWORD })
    expect(login.code).toBe(1021)
    await forgetLastSend(h.db, r.email)
    const sent = await post('login/sendEmailCodeBeforeLogin', {
      challengeId: login.data.challengeId,
      ticket: await ticket(h.app, h.db),
    })
    expect(sent.code).toBe(200)
    const mail = outboxMessages(r.email).at(-1)
    expect(mail?.text).toMatch(/to log in/)
    expect((await post('user/loginConfirm', { challengeId: login.data.challengeId })).code).toBe(1300)
    const done = await post('user/loginConfirm', {
      challengeId: login.data.challengeId,
      emailCode: lastCodeSentTo(r.email),
    })
    expect(done.code).toBe(200)
  })

  it('resets a forgotten password; old sessions end', async () => {
    const r = await registerEmail(h.app, h.db)
    const attempt = await post<{ email: boolean; sms: boolean }>('user/forgetPasswordAttempt', {
      account: r.email,
    })
    expect(attempt.data).toMatchObject({ email: true, sms: false })
    expect((await post('user/forgetPasswordAttempt', { account: 'nobody@example.com' })).code).toBe(1310)
    await forgetLastSend(h.db, r.email)
    const t = await ticket(h.app, h.db)
    expect(
      (await post('user/getCode', { channel: 'email', purpose: 'forget', account: r.email, ticket: t })).code,
    ).toBe(200)
    const code = lastCodeSentTo(r.email) as string
    const body = {
      account: r.email,
      channel: 'email',
      code,
      password: 'N3wPassword',
      confirmPassword: 'N3wPassword',
    }
    expect(
      (await post('user/forgetPassword', { ...body, code: code === '000000' ? '111111' : '000000' })).code,
    ).toBe(1300)
    expect((await post('user/forgetPassword', body)).code).toBe(200)
    expect((await get('user/getUserInfo', {}, r.token)).code).toBe(1003)
    expect((await post('user/login', { account: r.email, password: 'N3wPassword' })).code).toBe(200)
    expect((await post('user/forgetPassword', body)).code).toBe(1300)
  })

  it('puts the anti-phishing code in every e-mail', async () => {
    const r = await registerEmail(h.app, h.db)
    expect(
      (await post('user/antiPhishing', { antiPhishing: 'Blue-Fox', password: PASSWORD }, r.token)).code,
    ).toBe(200)
    await forgetLastSend(h.db, r.email)
    await post(
      'user/getCode',
      { channel: 'email', purpose: 'security', ticket: await ticket(h.app, h.db) },
      r.token,
    )
    expect(outboxMessages(r.email).at(-1)?.text).toContain('Anti-phishing code: Blue-Fox')
  })
})

// The limiter lives in the process, not the database: one backend is enough.
describe('login rate limit', () => {
  it('applies the per-address rate limit to login', async () => {
    const strict = await startHarness('pglite', { authRateLimitPerMinute: 3 })
    try {
      const { post: p } = api(strict.app)
      const codes = []
      for (let i = 0; i < 4; i++)
        codes.push((await p('user/login', { account: 'x@example.com', password: 'a' })).code)
      expect(codes.slice(0, 3)).toEqual([1308, 1308, 1308])
      expect(codes[3]).toBe(1005)
    } finally {
      await strict.close()
    }
  })
})
