import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lastCodeSentTo, outboxMessages } from '../../../server/platform/verify/messenger'
import { backends, type Harness, startHarness } from '../harness'
import {
  api,
  forgetLastSend,
  PASSWORD,
  registerEmail,
  TRADE,
  ticket,
  uniqueEmail,
  uniqueMainland,
} from './helpers'

describe.each(backends)('registration on %s', (backend) => {
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

  const form = (over: Record<string, unknown> = {}) => ({
    type: 'email',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    tradePassword: TRADE,
    confirmTradePassword: TRADE,
    agree: true,
    ...over,
  })

  it('serves the terms and a slider challenge as raster images', async () => {
    const clause = await get<{ title: string; content: string }>('login/clause')
    expect(clause.data.title).toBeTruthy()
    expect(clause.data.content.length).toBeGreaterThan(100)
    const ch = await post<{ background: string; piece: string; pieceY: number }>('sliderVerify')
    expect(ch.data.background).toMatch(/^data:image\/png;base64,/)
    expect(ch.data.piece).toMatch(/^data:image\/png;base64,/)
  })

  it('refuses a wrong slider answer, and a challenge answered once cannot be answered again', async () => {
    const ch = await post<{ challengeId: string }>('sliderVerify')
    const row = await h.db
      .selectFrom('slider_challenge')
      .select('gap_x')
      .where('id', '=', ch.data.challengeId)
      .executeTakeFirstOrThrow()
    const wrong = await post('sliderVerify', { challengeId: ch.data.challengeId, x: (row.gap_x + 40) % 300 })
    expect(wrong.code).toBe(1304)
    const again = await post('sliderVerify', { challengeId: ch.data.challengeId, x: row.gap_x })
    expect(again.code).toBe(1304)
  })

  it('sends no code without a slider ticket, and a ticket works once', async () => {
    const email = uniqueEmail()
    expect((await post('user/register/sendEmailCode', { email, ticket: 'x'.repeat(20) })).code).toBe(1303)
    expect(outboxMessages(email)).toHaveLength(0)
    const t = await ticket(h.app, h.db)
    expect((await post('user/register/sendEmailCode', { email, ticket: t })).code).toBe(200)
    await forgetLastSend(h.db, email)
    expect((await post('user/register/sendEmailCode', { email, ticket: t })).code).toBe(1303)
  })

  it('limits sends to one a minute per target', async () => {
    const email = uniqueEmail()
    expect(
      (await post('user/register/sendEmailCode', { email, ticket: await ticket(h.app, h.db) })).code,
    ).toBe(200)
    expect(
      (await post('user/register/sendEmailCode', { email, ticket: await ticket(h.app, h.db) })).code,
    ).toBe(1301)
  })

  it('registers by e-mail and the token works; the code is single use', async () => {
    const email = uniqueEmail()
    await post('user/register/sendEmailCode', { email, ticket: await ticket(h.app, h.db) })
    const code = lastCodeSentTo(email) as string
    expect(code).toMatch(/^\d{6}$/)
    const res = await post<{ token: string; user: { email: string; hasTradePassword: boolean } }>(
      'user/register',
      form({ email, code }),
    )
    expect(res.code).toBe(200)
    expect(res.data.user).toMatchObject({ email, hasTradePassword: true })
    const me = await get<{ email: string }>('user/getUserInfo', {}, res.data.token)
    expect(me.data.email).toBe(email)
    const twice = await post('user/register', form({ email, code }))
    expect(twice.code).toBe(1306)
  })

  it('registers by mainland phone and checks the mainland rule', async () => {
    const phone = uniqueMainland()
    const bad = await post('register/sendSmsCode', {
      countryCode: 'CN',
      phone: '12345678901',
      ticket: 'x'.repeat(20),
    })
    expect(bad).toMatchObject({ code: 1101, data: { field: 'phone', reason: 'invalid_mobile' } })
    expect(
      (await post('register/sendSmsCode', { countryCode: 'CN', phone, ticket: await ticket(h.app, h.db) }))
        .code,
    ).toBe(200)
    const code = lastCodeSentTo(`+86${phone}`) as string
    const res = await post<{ user: { phone: string } }>(
      'user/register',
      form({ type: 'phone', countryCode: 'CN', phone, code }),
    )
    expect(res.code).toBe(200)
    expect(res.data.user.phone).toBe(`+86${phone}`)
  })

  it('refuses bad input and creates nothing', async () => {
    const email = uniqueEmail()
    await post('user/register/sendEmailCode', { email, ticket: await ticket(h.app, h.db) })
    const code = lastCodeSentTo(email) as string
    const cases: [Record<string, unknown>, number, string?][] = [
      [form({ email, code, agree: false }), 1106],
      [form({ email, code, password: 'short1', confirmPassword: 'short1' }), 1101, 'weak_password'],
      [form({ email, code, confirmPassword: 'Other0ne!' }), 1101, 'password_mismatch'],
      [form({ email, code, confirmTradePassword: '654321' }), 1101, 'trade_password_mismatch'],
      [
        form({ email, code, tradePassword: 'abc', confirmTradePassword: 'abc' }),
        1101,
        'invalid_trade_password',
      ],
      [form({ email, code, inviteCode: 'NOPE1234' }), 1307],
      [form({ email, code: '000000' === code ? '111111' : '000000' }), 1300],
      [form({ email: 'not-an-email', code }), 1101, 'invalid_email'],
    ]
    for (const [body, expected, reason] of cases) {
      const res = await post('user/register', body)
      expect(res.code, JSON.stringify(body)).toBe(expected)
      if (reason) expect((res.data as { reason: string }).reason).toBe(reason)
    }
    const count = await h.db.selectFrom('users').select('id').where('email', '=', email).execute()
    expect(count).toHaveLength(0)
    // One wrong try was counted; the right code still works (until 5 wrong tries).
    expect((await post('user/register', form({ email, code }))).code).toBe(200)
  })

  it('burns a code after five wrong tries', async () => {
    const email = uniqueEmail()
    await post('user/register/sendEmailCode', { email, ticket: await ticket(h.app, h.db) })
    const code = lastCodeSentTo(email) as string
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++)
      expect((await post('user/register', form({ email, code: wrong }))).code).toBe(1300)
    expect((await post('user/register', form({ email, code }))).code).toBe(1300)
  })

  it('accepts a real referral code and records the referrer', async () => {
    const ref = await registerEmail(h.app, h.db)
    const me = await get<{ inviteCode: string }>('user/getUserInfo', {}, ref.token)
    const child = await registerEmail(h.app, h.db, { inviteCode: me.data.inviteCode.toLowerCase() })
    const row = await h.db
      .selectFrom('users')
      .select('referred_by')
      .where('id', '=', child.userId)
      .executeTakeFirstOrThrow()
    expect(row.referred_by).toBe(ref.userId)
  })

  it('stores argon2id hashes, and session tokens only hashed', async () => {
    const r = await registerEmail(h.app, h.db)
    const u = await h.db
      .selectFrom('users')
      .select(['password_hash', 'trade_password_hash'])
      .where('id', '=', r.userId)
      .executeTakeFirstOrThrow()
    expect(u.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(u.trade_password_hash).toMatch(/^\$argon2id\$/)
    const sessions = await h.db
      .selectFrom('user_session')
      .select('token_hash')
      .where('user_id', '=', r.userId)
      .execute()
    expect(sessions.map((s) => s.token_hash)).not.toContain(r.token)
  })

  it('caps codes per target per day', async () => {
    const email = uniqueEmail()
    for (let i = 0; i < 20; i++) {
      expect(
        (await post('user/register/sendEmailCode', { email, ticket: await ticket(h.app, h.db) })).code,
      ).toBe(200)
      await forgetLastSend(h.db, email)
    }
    expect(
      (await post('user/register/sendEmailCode', { email, ticket: await ticket(h.app, h.db) })).code,
    ).toBe(1302)
  })
})
