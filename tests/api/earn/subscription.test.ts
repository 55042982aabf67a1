import { allocate } from '@common/earn/allocation'
import type { SubscriptionProject, SubscriptionProjectDetail } from '@common/earn/schema'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EarnService } from '../../../server/modules/earn/service'
import { registerEmail } from '../accounts/helpers'
import { openStaffSuite, type StaffSuite } from '../admin/helpers'
import { backends } from '../harness'
import { fund } from '../spot/helpers'
import { earnApi, expectSound, financeBalance, HOUR, systemBalance } from './helpers'

describe.each(backends)('coin subscription on %s', (backend) => {
  let s: StaffSuite
  beforeAll(async () => {
    s = await openStaffSuite(backend)
  })
  afterAll(async () => {
    await s.h.close()
  })

  it('ships an open and a preheat project; commits freeze funds within the per-user limits', async () => {
    const { h } = s
    const e = earnApi(h)
    const list = (await e.get<SubscriptionProject[]>('subscription/projects')).data
    expect(list.map((p) => [p.coin, p.state])).toEqual([
      ['NOVA', 'open'],
      ['ORBT', 'preheat'],
    ])
    const nova = list[0] as SubscriptionProject
    const orbt = list[1] as SubscriptionProject
    const u = await registerEmail(h.app, h.db)
    await fund(h.db, u.userId, 'USDT', '1000', 'finance')
    expect((await e.post('subscription/commit', { project: orbt.id, amount: '100' }, u.token)).code).toBe(
      2107,
    )
    expect((await e.post('subscription/commit', { project: nova.id, amount: '5' }, u.token)).code).toBe(2108)
    expect((await e.post('subscription/commit', { project: nova.id, amount: '20001' }, u.token)).code).toBe(
      2109,
    )
    expect((await e.post('subscription/commit', { project: nova.id, amount: '2000' }, u.token)).code).toBe(
      1200,
    )
    const c = await e.post<SubscriptionProjectDetail>(
      'subscription/commit',
      { project: nova.id, amount: '100' },
      u.token,
    )
    expect(c.code, c.msg).toBe(200)
    expect(c.data.mine).toMatchObject({ amount: '100', settled: false })
    // A second commitment adds up (the minimum applies to the total).
    expect((await e.post('subscription/commit', { project: nova.id, amount: '5' }, u.token)).code).toBe(200)
    const d = (await e.get<SubscriptionProjectDetail>(`subscription/project/${nova.id}`, {}, u.token)).data
    expect(d).toMatchObject({ committed: '105', participants: 1, mine: { amount: '105' } })
    expect((await e.get<SubscriptionProjectDetail>(`subscription/project/${nova.id}`)).data.mine).toBeNull()
    expect(await financeBalance(h.db, u.userId)).toEqual({ available: '895', frozen: '105' })
    await expectSound(h.db)
  })

  it('moves a console project through its states by the test clock; pro-rata result delivered once across a restart', async () => {
    const { h, call, op } = s
    const e = earnApi(h)
    const now = (await e.clock(0)).data.now
    const input = {
      name: 'Test Launch',
      coin: 'TLX',
      coinName: 'Test Launch Token',
      coinPrecision: 4,
      description: 'A test coin',
      currency: 'USDT',
      price: '0.5',
      supply: '1000',
      minAmount: '10',
      maxAmount: '400',
      startAt: now + HOUR,
      closeAt: now + 2 * HOUR,
      announceAt: now + 3 * HOUR,
      listingAt: now + 4 * HOUR,
    }
    const users = await Promise.all([1, 2, 3].map(() => registerEmail(h.app, h.db)))
    expect((await call.post('admin/earn/project/create', input, users[0]?.token)).code).toBe(1006)
    expect((await call.post('admin/earn/project/create', { ...input, closeAt: now }, op.token)).code).toBe(
      2111,
    )
    expect((await call.post('admin/earn/project/create', { ...input, coin: 'BTC' }, op.token)).code).toBe(
      2111,
    )
    const p = await call.post<SubscriptionProject>('admin/earn/project/create', input, op.token)
    expect(p.code, p.msg).toBe(200)
    expect(p.data.state).toBe('preheat')
    const id = p.data.id
    // Editable before it opens.
    expect(
      (await call.post('admin/earn/project/edit', { id, ...input, supply: '1000.5' }, op.token)).code,
    ).toBe(200)

    const [a, b, c] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]]
    for (const u of users) await fund(h.db, u.userId, 'USDT', '1000', 'finance')
    expect((await e.post('subscription/commit', { project: id, amount: '100' }, a.token)).code).toBe(2107)
    const moved = await e.clock(HOUR)
    expect(moved.data.moved).toBeGreaterThanOrEqual(1)
    expect((await e.get<SubscriptionProject>(`subscription/project/${id}`)).data.state).toBe('open')
    expect((await call.post('admin/earn/project/edit', { id, ...input }, op.token)).code).toBe(2110)
    const commits: [typeof a, string][] = [
      [a, '300'],
      [b, '200.33'],
      [c, '101.1'],
    ]
    for (const [u, amount] of commits)
      expect((await e.post('subscription/commit', { project: id, amount }, u.token)).code).toBe(200)
    expect((await e.post('subscription/commit', { project: id, amount: '100.01' }, a.token)).code).toBe(2109)

    await e.clock(HOUR)
    expect((await e.get<SubscriptionProject>(`subscription/project/${id}`)).data.state).toBe('closed')
    expect((await e.post('subscription/commit', { project: id, amount: '10' }, c.token)).code).toBe(2107)
    await expectSound(h.db)

    // A "restart" in the middle of the announcement: a fresh service crashes before its commit.
    const at = (await e.clock(0)).data.now + HOUR
    const crashed = new EarnService(h.db)
    await expect(crashed.announce(id, at, { failBeforeCommit: true })).rejects.toThrow(/simulated crash/)
    expect((await e.get<SubscriptionProject>(`subscription/project/${id}`)).data.state).toBe('closed')
    expect(await financeBalance(h.db, a.userId)).toEqual({ available: '700', frozen: '300' })
    expect(await financeBalance(h.db, a.userId, 'TLX')).toEqual({ available: '0', frozen: '0' })
    // The next process announces; further passes and another process deliver nothing more.
    expect((await e.clock(HOUR)).data.announced).toBe(1)
    expect(await new EarnService(h.db).announce(id, at)).toBeNull()
    await e.clock(0)

    const expected = allocate(
      commits.map(([u, amount]) => ({ id: u.userId, amount })),
      { supply: '1000.5', price: '0.5', coinDp: 4, currencyDp: 6 },
    )
    expect(expected.oversubscribed).toBe(true)
    for (const [i, [u, amount]] of commits.entries()) {
      const want = expected.list[i] as (typeof expected.list)[number]
      const d = (await e.get<SubscriptionProjectDetail>(`subscription/project/${id}`, {}, u.token)).data
      expect(d.mine).toEqual({
        amount,
        coins: want.coins,
        paid: want.paid,
        refund: want.refund,
        settled: true,
      })
      expect(await financeBalance(h.db, u.userId, 'TLX')).toEqual({ available: want.coins, frozen: '0' })
      expect(await financeBalance(h.db, u.userId)).toEqual({
        available: String(Math.round((1000 - Number(want.paid)) * 1e6) / 1e6),
        frozen: '0',
      })
    }
    const done = (await e.get<SubscriptionProject>(`subscription/project/${id}`)).data
    expect(done).toMatchObject({
      state: 'announced',
      allocated: expected.totalCoins,
      raised: expected.totalPaid,
    })
    expect(Number(done.allocated)).toBeLessThanOrEqual(1000.5)
    expect(await systemBalance(h.db, 'launch_issuer', 'TLX')).toBe(`-${expected.totalCoins}`)
    expect(await systemBalance(h.db, 'launch_issuer')).toBe(expected.totalPaid)
    const { rows } = await sql<{ reason: string; n: number }>`
      select reason, count(*)::int as n from ledger_entry where ref_type = 'sub_project' and ref_id = ${id}
      group by reason order by reason`.execute(h.db)
    expect(rows).toEqual([
      { reason: 'subscription_commit', n: 3 },
      { reason: 'subscription_delivery', n: 3 },
      { reason: 'subscription_refund', n: 3 },
    ])
    // The coin is an asset now.
    const asset = await h.db.selectFrom('asset').selectAll().where('code', '=', 'TLX').executeTakeFirst()
    expect(asset).toMatchObject({ precision: 4, enabled: true })
    // The seeded open project closed and was announced too: not oversubscribed, 105 USDT -> 2100 NOVA.
    const mine = (
      await e.get<(SubscriptionProject & { mine: { coins: string } })[]>('subscription/mine', {}, a.token)
    ).data
    expect(mine.map((m) => m.coin)).toEqual(['TLX'])
    const { rows: audit } = await sql<{ action: string }>`
      select action from audit_log where action like 'earn.project%' order by id`.execute(h.db)
    expect(audit.map((r) => r.action)).toEqual(['earn.project.create', 'earn.project.edit'])
    await expectSound(h.db)
  })

  it('pays the undersubscribed seeded project in full', async () => {
    const { h } = s
    const e = earnApi(h)
    // The first test's user committed 105 USDT to NOVA at 0.05: 2100 NOVA, nothing refunded.
    await e.clock(10 * 24 * HOUR)
    const nova = (await e.get<SubscriptionProject[]>('subscription/projects')).data.find(
      (p) => p.coin === 'NOVA',
    )
    expect(nova).toMatchObject({ state: 'announced', allocated: '2100', raised: '105' })
    const { rows } = await sql<{ coins: string; refund: string }>`
      select coins::text, refund::text from sub_commitment where project_id = ${nova?.id}`.execute(h.db)
    expect(rows.map((r) => [Number(r.coins), Number(r.refund)])).toEqual([[2100, 0]])
    await expectSound(h.db)
  })
})
