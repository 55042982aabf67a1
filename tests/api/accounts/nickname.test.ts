import { randomBytes, randomUUID } from 'node:crypto'
import type { C2cAd } from '@common/c2c/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, migrate } from '../../../server/db/db'
import { lastCodeSentTo } from '../../../server/platform/verify/messenger'
import { publish, trader } from '../c2c/helpers'
import { backends, type Harness, openTestDb, startHarness } from '../harness'
import { api, PASSWORD, TRADE, ticket, uniqueMainland } from './helpers'

const NEUTRAL = /^User [0-9A-F]{6}$/

/** Issue 34 item 9: default nicknames are public (the C2C ad list) and must not carry contacts. */
describe.each(backends)('default nicknames on %s', (backend) => {
  let h: Harness
  let call: ReturnType<typeof api>
  beforeAll(async () => {
    h = await startHarness(backend, { authRateLimitPerMinute: 100_000 })
    call = api(h.app)
  })
  afterAll(async () => {
    await h.close()
  })

  it('a new account by e-mail or phone gets a neutral nickname, and the public ad list shows only that', async () => {
    const t = await trader(h, call, { usdt: '500' })
    const me = await call.get<{ nickname: string; email: string }>('user/getUserInfo', {}, t.token)
    expect(me.data.nickname).toMatch(NEUTRAL)
    const local = me.data.email.split('@')[0] as string
    expect(me.data.nickname).not.toContain(local)

    const phone = uniqueMainland()
    expect(
      (
        await call.post('register/sendSmsCode', {
          countryCode: 'CN',
          phone,
          ticket: await ticket(h.app, h.db),
        })
      ).code,
    ).toBe(200)
    const byPhone = await call.post<{ user: { nickname: string } }>('user/register', {
      type: 'phone',
      countryCode: 'CN',
      phone,
      code: lastCodeSentTo(`+86${phone}`),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      tradePassword: TRADE,
      confirmTradePassword: TRADE,
      agree: true,
    })
    expect(byPhone.code, byPhone.msg).toBe(200)
    expect(byPhone.data.user.nickname).toMatch(NEUTRAL)
    expect(byPhone.data.user.nickname).not.toContain(phone.slice(-4))

    // A visitor (no token) reads the ad list: the advertiser is the neutral nickname, no contact.
    const ad = await publish(call, t, { fiat: 'EUR', price: '0.92', minAmount: '10', maxAmount: '92' })
    const res = await h.app.inject({ method: 'GET', url: '/api/c2c/ads?side=sell&coin=USDT&fiat=EUR' })
    const ads = (res.json() as { data: C2cAd[] }).data
    expect(ads.find((a) => a.id === ad.id)?.advertiser.nickname).toBe(me.data.nickname)
    expect(res.body).not.toContain(local)
    expect(res.body).not.toContain('@example.com')

    // A nickname the user chooses is kept as chosen.
    const set = await call.post<{ nickname: string }>(
      'user/updateUserInfo',
      { nickname: 'Harbor Fox' },
      t.token,
    )
    expect(set.data.nickname).toBe('Harbor Fox')
  })
})

/**
 * Migration 023 on a database as it was before it: accounts that still carry the nickname derived
 * from their contact get a neutral one; chosen nicknames and system accounts stay.
 */
describe.each(backends)('migration 023 nicknames on %s', (backend) => {
  let db: Db
  let drop: (() => Promise<void>) | null = null
  beforeAll(async () => {
    ;({ db, dropSchema: drop } = await openTestDb(backend))
  })
  afterAll(async () => {
    await db.destroy()
    if (drop) await drop()
  })

  it('renames the derived nicknames (e-mail, phone, wallet) and keeps chosen ones', async () => {
    await migrate(db, '022-c2c')
    const user = (over: { email?: string; phone?: string; nickname: string; id?: string }) => ({
      id: over.id ?? randomUUID(),
      email: over.email ?? null,
      phone: over.phone ?? null,
      nickname: over.nickname,
      password_hash: 'x',
      invite_code: randomBytes(5).toString('hex').toUpperCase(),
    })
    const rows = {
      email: user({ email: 'john.smith@example.com', nickname: 'john.smith' }),
      longEmail: user({ email: 'a.very.long.local.part.name@example.com', nickname: 'a.very.long.local.pa' }),
      chosen: user({ email: 'mary.jones@example.com', nickname: 'Mary J' }),
      // The masked phone, cut to its last 12 characters ('+86138****1111').
      phone: user({ phone: '+8613800001111', nickname: '6138****1111' }),
      shortPhone: user({ phone: '+11234', nickname: '****34' }),
      phoneChosen: user({ phone: '+8613900002222', nickname: 'Tiger' }),
      wallet: user({ nickname: '0x7099…79c8' }),
      demo: user({ id: 'c2c-demo-1', nickname: 'Harbor OTC' }),
    }
    await db.insertInto('users').values(Object.values(rows)).execute()
    await db
      .insertInto('user_wallet')
      .values({ address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', user_id: rows.wallet.id })
      .execute()
    await db
      .insertInto('identity')
      .values({ user_id: 'c2c-demo-1', nationality: 'TW', real_name: 'Lin Harbor', id_number: 'DEMO' })
      .execute()

    await migrate(db)
    const after = new Map(
      (await db.selectFrom('users').select(['id', 'nickname']).execute()).map((r) => [r.id, r.nickname]),
    )
    for (const k of ['email', 'longEmail', 'phone', 'shortPhone', 'wallet'] as const)
      expect(after.get(rows[k].id), k).toMatch(NEUTRAL)
    expect(after.get(rows.chosen.id)).toBe('Mary J')
    expect(after.get(rows.phoneChosen.id)).toBe('Tiger')
    expect(after.get('c2c-demo-1')).toBe('Harbor OTC')
    // Two renamed accounts do not share the new name (random, 16M values).
    expect(new Set(['email', 'longEmail', 'phone'].map((k) => after.get(rows[k as 'email'].id))).size).toBe(3)
    // The demo merchant's identity is approved (C2C and the merchant badge need it).
    const demo = await db
      .selectFrom('identity')
      .select('advanced_status')
      .where('user_id', '=', 'c2c-demo-1')
      .executeTakeFirstOrThrow()
    expect(demo.advanced_status).toBe('verified')
  })
})
