import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertCanMoveFunds } from '../../../server/http/guards'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { readBalances } from '../../../server/ledger/ledger'
import { createStaff, ensureFirstAdmin } from '../../../server/platform/staff/staff'
import { totpAt } from '../../../server/platform/verify/totp'
import { api, registerEmail, uniqueEmail } from '../accounts/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { login, readyStaff, STAFF_PASSWORD, type Staff } from './helpers'

describe.each(backends)('operator console on %s', (backend) => {
  let h: Harness
  let call: ReturnType<typeof api>
  let op: Staff
  let admin: Staff
  beforeAll(async () => {
    h = await startHarness(backend)
    call = api(h.app)
    op = await readyStaff(h.app, h.db, 'operator')
    admin = await readyStaff(h.app, h.db, 'admin')
  })
  afterAll(async () => {
    await h.close()
  })

  /** Every console route, read from the router itself (so a new one cannot slip through untested). */
  function adminRoutes(): { method: 'GET' | 'POST'; url: string }[] {
    const out: { method: 'GET' | 'POST'; url: string }[] = []
    // printRoutes({ commonPrefix: false }) prints one full path per line with its methods.
    for (const line of h.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = /^([│ ]*)(?:├── |└── )(\S+) \(([^)]+)\)/.exec(line)
      if (!m) continue
      const url = m[2] as string
      if (!url.startsWith('/api/admin')) continue
      for (const method of (m[3] as string).split(', '))
        if (method === 'GET' || method === 'POST') out.push({ method, url })
    }
    return out
  }

  async function advancedPending(token: string, userId: string) {
    expect(
      (
        await call.post(
          'user/identity/basic',
          { nationality: 'TW', realName: 'Chen Mei', idNumber: 'A123456789' },
          token,
        )
      ).code,
    ).toBe(200)
    const ids = [randomUUID(), randomUUID(), randomUUID()]
    await h.db
      .insertInto('upload')
      .values(
        ids.map((id) => ({
          id,
          owner_id: userId,
          mime: 'image/jpeg',
          size: 3,
          width: 1,
          height: 1,
          bytes: Buffer.from([1, 2, 3]),
        })),
      )
      .execute()
    const res = await call.post(
      'user/identity/advanced',
      { front: ids[0], back: ids[1], hand: ids[2] },
      token,
    )
    expect(res.code, res.msg).toBe(200)
    return ids
  }

  it('creates the first admin once, with a one-time password', async () => {
    // The harness database has admins from readyStaff; a fresh check on a database without one:
    const before = await h.db.selectFrom('users').select('id').where('role', '=', 'admin').execute()
    expect(before.length).toBeGreaterThan(0)
    expect(await ensureFirstAdmin(h.db, 'someone@localhost')).toBeNull()
  })

  it('refuses the console until the one-time password is changed and Google authenticator is on', async () => {
    const s = await createStaff(h.db, { email: uniqueEmail('fresh'), role: 'operator' })
    let token = await login(h.app, s.email, s.password)
    const me = await call.get<{ mustChangePassword: boolean; ready: boolean; role: string }>(
      'admin/me',
      {},
      token,
    )
    expect(me.code).toBe(200)
    expect(me.data).toMatchObject({ role: 'operator', mustChangePassword: true, ready: false })
    expect((await call.get('admin/overview', {}, token)).code).toBe(1700)
    expect(
      (
        await call.post(
          'safe/updatePassword',
          { oldPassword: s.password, password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD },
          token,
        )
      ).code,
    ).toBe(200)
    token = await login(h.app, s.email, STAFF_PASSWORD)
    expect((await call.get('admin/overview', {}, token)).code).toBe(1701)
    const g = await call.get<{ secret: string }>('user/getGoogleToken', {}, token)
    await call.post(
      'user/bindGoogleToken',
      { googleCode: totpAt(g.data.secret, Date.now()), password: STAFF_PASSWORD },
      token,
    )
    expect((await call.get('admin/overview', {}, token)).code).toBe(200)
    // Turning the Google login check off closes the console again.
    await h.db.updateTable('users').set({ google_verify: false }).where('id', '=', s.userId).execute()
    expect((await call.get('admin/overview', {}, token)).code).toBe(1701)
    // And the next login now asks for the Google code (second factor).
    await h.db.updateTable('users').set({ google_verify: true }).where('id', '=', s.userId).execute()
    expect((await call.post('user/login', { account: s.email, password: STAFF_PASSWORD })).code).toBe(1021)
  })

  it('answers 1006 to a user and 1003 without a token on every console endpoint', async () => {
    const user = await registerEmail(h.app, h.db)
    const routes = adminRoutes()
    expect(routes.length).toBeGreaterThanOrEqual(15)
    for (const r of routes) {
      const url = r.url.replace(/^\/api\//, '')
      expect(
        (await call.call(r.method, url, r.method === 'GET' ? {} : {}, user.token)).code,
        `${r.method} ${url}`,
      ).toBe(1006)
      expect((await call.call(r.method, url, {})).code, `${r.method} ${url}`).toBe(1003)
    }
  })

  it('has no endpoint that sets a price, an outcome or a balance', async () => {
    for (const url of [
      'admin/price',
      'admin/price/set',
      'admin/market/price',
      'admin/balance/set',
      'admin/users/balance',
      'admin/option/outcome',
      'admin/contract/settle',
    ]) {
      expect((await call.post(url, { symbol: 'BTCUSDT', price: '1' }, admin.token)).code, url).toBe(1004)
    }
    const urls = adminRoutes().map((r) => r.url)
    expect(urls.filter((u) => /price|outcome|balance\/set|settle/i.test(u))).toEqual([])
  })

  it('approves a pending identity; the user sees verified; the audit log has it', async () => {
    const u = await registerEmail(h.app, h.db)
    const photos = await advancedPending(u.token, u.userId)
    const list = await call.get<{ total: number; list: { userId: string; photos: { front: string } }[] }>(
      'admin/identity/list',
      { status: 'pending', size: '100' },
      op.token,
    )
    const item = list.data.list.find((x) => x.userId === u.userId)
    expect(item?.photos.front).toBe(`upload/${photos[0]}`)
    // The operator can open the photo; another user cannot.
    expect(
      (
        await h.app.inject({
          url: `/api/upload/${photos[0]}`,
          headers: { authorization: `Bearer ${op.token}` },
        })
      ).statusCode,
    ).toBe(200)
    const other = await registerEmail(h.app, h.db)
    const denied = await h.app.inject({
      url: `/api/upload/${photos[0]}`,
      headers: { authorization: `Bearer ${other.token}` },
    })
    expect(denied.json().code).toBe(1004)

    expect((await call.post('admin/identity/approve', { userId: u.userId }, op.token)).code).toBe(200)
    const mine = await call.get<{ advanced: { status: string } }>('user/identity', {}, u.token)
    expect(mine.data.advanced.status).toBe('verified')
    expect(
      (await call.post('admin/identity/reject', { userId: u.userId, reason: 'late' }, op.token)).code,
    ).toBe(1702)
    const audit = await call.get<{
      list: { action: string; actorId: string; before: unknown; after: unknown }[]
    }>('admin/audit/list', { targetId: u.userId }, op.token)
    expect(audit.data.list[0]).toMatchObject({
      action: 'identity.approve',
      actorId: op.userId,
      before: { status: 'pending' },
      after: { status: 'verified' },
    })
  })

  it('rejects with a reason the user sees, and the user can apply again', async () => {
    const u = await registerEmail(h.app, h.db)
    await advancedPending(u.token, u.userId)
    expect((await call.post('admin/identity/reject', { userId: u.userId }, op.token)).code).toBe(1101)
    expect(
      (await call.post('admin/identity/reject', { userId: u.userId, reason: 'Photo is blurred' }, op.token))
        .code,
    ).toBe(200)
    const mine = await call.get<{ advanced: { status: string; rejectReason: string } }>(
      'user/identity',
      {},
      u.token,
    )
    expect(mine.data.advanced).toMatchObject({ status: 'failed', rejectReason: 'Photo is blurred' })
    await advancedPending(u.token, u.userId)
  })

  it('finds users by id, uid, e-mail and phone, and shows balances, ledger and sessions', async () => {
    const u = await registerEmail(h.app, h.db)
    const uid = (
      await h.db.selectFrom('users').select('uid').where('id', '=', u.userId).executeTakeFirstOrThrow()
    ).uid
    for (const q of [u.userId, String(uid), u.email.slice(0, 12), u.email.toUpperCase()]) {
      const res = await call.get<{ list: { id: string }[] }>('admin/users/search', { q }, op.token)
      expect(res.code).toBe(200)
      expect(
        res.data.list.map((x) => x.id),
        q,
      ).toContain(u.userId)
    }
    await h.db.updateTable('users').set({ phone: '+8613900001234' }).where('id', '=', u.userId).execute()
    const byPhone = await call.get<{ list: { id: string }[] }>(
      'admin/users/search',
      { q: '13900001234' },
      op.token,
    )
    expect(byPhone.data.list.map((x) => x.id)).toContain(u.userId)
    const detail = await call.get<{ profile: { email: string }; sessions: unknown[]; balances: unknown[] }>(
      'admin/users/detail',
      { userId: u.userId },
      op.token,
    )
    expect(detail.data.profile.email).toBe(u.email)
    expect(detail.data.sessions.length).toBe(1)
    expect((await call.get('admin/users/detail', { userId: 'nobody' }, op.token)).code).toBe(1004)
  })

  it('freezes and unfreezes with a reason; a frozen user cannot move funds', async () => {
    const u = await registerEmail(h.app, h.db)
    expect((await call.post('admin/users/freeze', { userId: u.userId }, op.token)).code).toBe(1101)
    expect(
      (await call.post('admin/users/freeze', { userId: u.userId, reason: 'Suspicious logins' }, op.token))
        .code,
    ).toBe(200)
    await expect(assertCanMoveFunds(h.db, u.userId)).rejects.toMatchObject({ code: 1007 })
    // Frozen, not locked out: the session still works for looking.
    expect((await call.get('user/getUserInfo', {}, u.token)).code).toBe(200)
    expect(
      (await call.post('admin/users/freeze', { userId: u.userId, reason: 'again' }, op.token)).code,
    ).toBe(1703)
    expect(
      (await call.post('admin/users/unfreeze', { userId: u.userId, reason: 'Cleared' }, op.token)).code,
    ).toBe(200)
    await expect(assertCanMoveFunds(h.db, u.userId)).resolves.toBeUndefined()
    // Operators cannot act on staff, nor anyone on themselves (a party to the case: 1705).
    expect(
      (await call.post('admin/users/freeze', { userId: admin.userId, reason: 'no way' }, op.token)).code,
    ).toBe(1006)
    expect(
      (await call.post('admin/users/freeze', { userId: op.userId, reason: 'no way' }, op.token)).code,
    ).toBe(1705)
    const rows = await h.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', u.userId)
      .orderBy('id')
      .execute()
    expect(rows.map((r) => [r.action, r.reason])).toEqual([
      ['user.freeze', 'Suspicious logins'],
      ['user.unfreeze', 'Cleared'],
    ])
  })

  it('resets a user’s Google authenticator', async () => {
    const u = await registerEmail(h.app, h.db)
    const g = await call.get<{ secret: string }>('user/getGoogleToken', {}, u.token)
    await call.post(
      'user/bindGoogleToken',
      { googleCode: totpAt(g.data.secret, Date.now()), password: 'Passw0rd!x' },
      u.token,
    )
    expect(
      (
        await call.post(
          'admin/users/reset-google',
          { userId: u.userId, reason: 'Lost phone, ID checked' },
          op.token,
        )
      ).code,
    ).toBe(200)
    const row = await h.db
      .selectFrom('users')
      .select(['totp_secret', 'google_verify'])
      .where('id', '=', u.userId)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ totp_secret: null, google_verify: false })
    expect((await call.post('user/login', { account: u.email, password: 'Passw0rd!x' })).code).toBe(200)
  })

  it('adjusts a balance only as an admin, only with a reason, always through the ledger', async () => {
    const u = await registerEmail(h.app, h.db)
    const body = {
      userId: u.userId,
      account: 'funding',
      asset: 'USDT',
      amount: '100',
      reason: 'Compensation ticket 42',
    }
    expect((await call.post('admin/users/adjust', body, op.token)).code).toBe(1006)
    expect((await call.post('admin/users/adjust', { ...body, reason: '' }, admin.token)).code).toBe(1101)
    expect((await call.post('admin/users/adjust', { ...body, amount: '0' }, admin.token)).code).toBe(1101)
    expect((await call.post('admin/users/adjust', { ...body, asset: 'NOPE' }, admin.token)).code).toBe(1101)
    const res = await call.post<{ entryId: number }>('admin/users/adjust', body, admin.token)
    expect(res.code, res.msg).toBe(200)
    expect((await call.post('admin/users/adjust', { ...body, amount: '-150' }, admin.token)).code).toBe(1200)
    expect((await call.post('admin/users/adjust', { ...body, amount: '-40.5' }, admin.token)).code).toBe(200)
    expect(await readBalances(h.db, u.userId)).toEqual([
      { account: 'funding', asset: 'USDT', available: '59.5', frozen: '0' },
    ])
    const entry = await h.db
      .selectFrom('ledger_entry')
      .selectAll()
      .where('id', '=', res.data.entryId)
      .executeTakeFirstOrThrow()
    expect(entry).toMatchObject({
      reason: 'adjustment',
      actor_id: admin.userId,
      memo: 'Compensation ticket 42',
    })
    const postings = await h.db
      .selectFrom('ledger_posting')
      .select(['holder', 'account', 'amount'])
      .where('entry_id', '=', res.data.entryId)
      .orderBy('id')
      .execute()
    expect(postings.map((p) => [p.holder, p.account, Number(p.amount)])).toEqual([
      ['system', 'treasury', -100],
      [u.userId, 'funding', 100],
    ])
    const ledger = await call.get<{ total: number; list: { reason: string }[] }>(
      'admin/users/ledger',
      { userId: u.userId },
      op.token,
    )
    expect(ledger.data.total).toBe(2)
    expect(ledger.data.list.every((x) => x.reason === 'adjustment')).toBe(true)
    expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)
  })

  it('pauses and resumes a market, sets minimums and the market makers switch', async () => {
    const list = await call.get<{ list: { symbol: string; status: string }[] }>(
      'admin/markets/list',
      {},
      op.token,
    )
    expect(list.data.list.find((m) => m.symbol === 'ETHUSDT')?.status).toBe('trading')
    expect(
      (await call.post('admin/markets/status', { symbol: 'ETHUSDT', status: 'suspended' }, op.token)).code,
    ).toBe(200)
    const pub = await call.get<{ symbol: string; status: string }[]>('market/instruments', {
      category: 'spot',
    })
    expect(pub.data.find((m) => m.symbol === 'ETHUSDT')?.status).toBe('suspended')
    expect(
      (await call.post('admin/markets/status', { symbol: 'ETHUSDT', status: 'trading' }, op.token)).code,
    ).toBe(200)
    expect(
      (await call.post('admin/markets/status', { symbol: 'NOPEUSDT', status: 'trading' }, op.token)).code,
    ).toBe(1400)

    expect(
      (
        await call.post(
          'admin/markets/limits',
          { symbol: 'ETHUSDT', minAmount: '0.01', minNotional: '-5' },
          op.token,
        )
      ).code,
    ).toBe(1101)
    expect(
      (
        await call.post(
          'admin/markets/limits',
          { symbol: 'ETHUSDT', minAmount: '0.01', minNotional: '10' },
          op.token,
        )
      ).code,
    ).toBe(200)
    const row = await h.db
      .selectFrom('instrument')
      .select(['min_amount', 'min_notional'])
      .where('symbol', '=', 'ETHUSDT')
      .executeTakeFirstOrThrow()
    expect([Number(row.min_amount), Number(row.min_notional)]).toEqual([0.01, 10])

    expect((await call.post('admin/market-makers', { enabled: 'yes' }, op.token)).code).toBe(1101)
    expect((await call.post('admin/market-makers', { enabled: true }, op.token)).code).toBe(200)
    const setting = await h.db
      .selectFrom('setting')
      .select('value')
      .where('key', '=', 'market_makers.enabled')
      .executeTakeFirstOrThrow()
    expect(setting.value).toBe(true)
    const actions = await call.get<{ list: { action: string }[] }>(
      'admin/audit/list',
      { action: 'market' },
      op.token,
    )
    expect(actions.data.list.map((x) => x.action)).toEqual(
      expect.arrayContaining(['market.suspend', 'market.resume', 'market.limits', 'market_makers.set']),
    )
  })

  it('keeps the audit log append-only in the database itself', async () => {
    await expect(sql`update audit_log set reason = 'edited'`.execute(h.db)).rejects.toThrow(/append-only/)
    await expect(sql`delete from audit_log`.execute(h.db)).rejects.toThrow(/append-only/)
    const n = await h.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(n.n)).toBeGreaterThan(0)
  })
})
