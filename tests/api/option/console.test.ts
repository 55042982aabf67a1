import type { OptionSetting } from '@common/option/schema'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerEmail } from '../accounts/helpers'
import { openStaffSuite, type StaffSuite } from '../admin/helpers'
import { backends } from '../harness'
import { BTC, expectSound, nextBase, optionApi, systemBalance } from './helpers'

describe.each(backends)('options console on %s', (backend) => {
  let s: StaffSuite
  beforeAll(async () => {
    s = await openStaffSuite(backend)
  })
  afterAll(async () => {
    await s.h.close()
  })

  it('changes rates for future rounds only (audited), funds the pool from the treasury, refuses users', async () => {
    const { call, op, h } = s
    const o = optionApi(h)
    const user = await registerEmail(h.app, h.db)
    expect(
      (await call.post('admin/option/settings', { symbol: BTC, period: 30, upRate: '0.9' }, user.token)).code,
    ).not.toBe(200)
    const S = nextBase()
    await o.clock(S - 29)
    const listed = (await o.rounds()).data.rounds.find((r) => r.period === 30)
    expect(listed?.upRate).toBe('0.8')
    const r = await call.post<OptionSetting>(
      'admin/option/settings',
      { symbol: BTC, period: 30, upRate: '0.9', band: '0.0001', minAmount: '20', reason: 'promotion' },
      op.token,
    )
    expect(r.code, r.msg).toBe(200)
    expect(r.data).toMatchObject({ upRate: '0.9', band: '0.0001', minAmount: '20' })
    // The round already listed keeps its rate; the next one has the new settings.
    const same = (await o.rounds()).data.rounds.find((x) => x.period === 30)
    expect(same).toMatchObject({ id: listed?.id, upRate: '0.8', minAmount: '10' })
    await o.clock(S + 1)
    const next = (await o.rounds()).data.rounds.find((x) => x.period === 30)
    expect(next).toMatchObject({
      startAt: (S + 30) * 1000,
      upRate: '0.9',
      bandRate: '0.0001',
      minAmount: '20',
    })
    expect(
      (await call.post('admin/option/settings', { symbol: BTC, period: 30, upRate: 'abc' }, op.token)).code,
    ).toBe(1101)
    expect(
      (await call.post('admin/option/settings', { symbol: 'ADAUSDT', period: 30, upRate: '1' }, op.token))
        .code,
    ).toBe(2001)
    // Switching a period off removes it from the app.
    expect(
      (await call.post('admin/option/settings', { symbol: BTC, period: 86400, enabled: false }, op.token))
        .code,
    ).toBe(200)
    expect((await o.rounds()).data.rounds.map((x) => x.period)).toEqual([30, 60, 300, 3600])

    const treasury = await systemBalance(h.db, 'treasury')
    const f = await call.post<{ pool: { balance: string } }>(
      'admin/option/pool/fund',
      { amount: '2500', reason: 'top up' },
      op.token,
    )
    expect(f.code, f.msg).toBe(200)
    expect(f.data.pool.balance).toBe('502500')
    expect(await systemBalance(h.db, 'treasury')).toBe(String(Number(treasury) - 2500))
    expect((await call.post('admin/option/pool/fund', { amount: '10', reason: '' }, op.token)).code).toBe(
      1101,
    )
    const { rows } = await sql<{ action: string }>`
      select action from audit_log where action like 'option.%' order by id`.execute(h.db)
    expect(rows.map((x) => x.action)).toEqual(['option.settings', 'option.settings', 'option.pool_fund'])
    const ov = await call.get<{ settings: OptionSetting[] }>('admin/option/overview', {}, op.token)
    expect(ov.data.settings.length).toBe(30)
    await expectSound(h.db)
  })

  it('the help academy’s options article describes rounds, band, pool and proof', async () => {
    const { rows } = await sql<{ lang: string; body: string }>`
      select lang, body from article_text where title in ('Short-term options rules', '短期期權規則')`.execute(
      s.h.db,
    )
    expect(rows.length).toBe(2)
    for (const r of rows) expect(r.body).toContain('00:00')
    expect(rows.find((r) => r.lang === 'en')?.body).toContain('never from a later price')
  })
})
