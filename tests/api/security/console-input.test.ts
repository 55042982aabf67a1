import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerEmail } from '../accounts/helpers'
import { openStaffSuite, type StaffSuite } from '../admin/helpers'
import { backends } from '../harness'

const HOUR = 3_600_000
const HUGE = 'x'.repeat(100_000)

/**
 * Issue 33 item 5, kept closed: console input is as strict as a user's. Integers are plain decimal
 * integers within range, codes are known codes, thresholds no finer than their asset, dates real
 * and within a sane range, text bounded. Every refusal is 1101 naming the field, never a 500, and
 * changes nothing.
 */
describe.each(backends)('strict console input on %s', (backend) => {
  let s: StaffSuite
  beforeAll(async () => {
    s = await openStaffSuite(backend)
  })
  afterAll(async () => {
    await s.h.close()
  })

  async function refused(path: string, body: Record<string, unknown>, field: string, reason?: string) {
    const r = await s.call.post<null>(path, body, s.op.token)
    expect(r.code, `${path} ${JSON.stringify(body).slice(0, 120)}: ${r.msg}`).toBe(1101)
    const data = (r as unknown as { data: { field: string; reason: string } }).data
    expect(data.field, `${path}: ${r.msg}`).toBe(field)
    if (reason) expect(data.reason).toBe(reason)
  }

  it('earn projects: listingAt beyond the date range, currencies that are no running coin, prices finer than the currency', async () => {
    const { call, op } = s
    const now = (await call.post<{ now: number }>('dev/earn/clock', { advanceMs: 0 })).data.now
    const input = {
      name: 'Strict Launch',
      coin: 'STRX',
      coinName: 'Strict Token',
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
    const path = 'admin/earn/project/create'
    const before = await s.h.db.selectFrom('sub_project').select('id').execute()
    // HTTP 500 before: new Date(1e20) is no date.
    for (const listingAt of [1e20, 8.64e15 + 1, Number.MAX_SAFE_INTEGER, '1e20', Date.UTC(2100, 0, 1)])
      await refused(path, { ...input, listingAt }, 'listingAt', 'invalid_time')
    for (const currency of ['NAN', 'TRUE', 'NOPE', '1e3'])
      await refused(
        path,
        { ...input, currency },
        'currency',
        currency === '1e3' ? 'invalid_asset' : undefined,
      )
    await refused(path, { ...input, price: '0.0000001' }, 'price', 'too_many_decimals')
    await refused(path, { ...input, coinPrecision: '0x4' }, 'coinPrecision')
    await refused(path, { ...input, description: HUGE }, 'description')
    expect(await s.h.db.selectFrom('sub_project').select('id').execute()).toEqual(before)

    const ok = await call.post<{ id: string }>(path, input, op.token)
    expect(ok.code, ok.msg).toBe(200)
    // Another project's coin is not a currency either.
    await refused(path, { ...input, coin: 'STRY', currency: 'STRX' }, 'currency', 'invalid_asset')
    const edit = { id: ok.data.id, ...input }
    await refused('admin/earn/project/edit', { ...edit, listingAt: 1e20 }, 'listingAt', 'invalid_time')
    await refused('admin/earn/project/edit', { ...edit, startAt: -1 }, 'startAt', 'invalid_time')
  })

  it('earn products: days as plain integers, quota no finer than the asset, bounded reasons', async () => {
    const product = {
      asset: 'USDT',
      cycleDays: 30,
      rate: '0.1',
      rateKind: 'annual',
      minAmount: '1',
      maxAmount: '10',
      quota: '100',
      earlyRedeem: false,
    }
    const path = 'admin/earn/product/create'
    const count = async () => (await s.h.db.selectFrom('staking_product').select('id').execute()).length
    const before = await count()
    // "0x10" was read as 16 and "1e3" as 1000.
    for (const cycleDays of ['0x10', '1e3', '+30', ' 30', '30.0', '', 30.5, 0, 3651, '0b101', 1e20])
      await refused(path, { ...product, cycleDays }, 'cycleDays', 'invalid_days')
    await refused(path, { ...product, quota: '100.0000001' }, 'quota', 'too_many_decimals')
    await refused(path, { ...product, minAmount: '0.0000001' }, 'minAmount', 'too_many_decimals')
    await refused(path, { ...product, asset: 'NOPE' }, 'asset', 'invalid_asset')
    await refused(path, { ...product, reason: HUGE }, 'reason', 'invalid_reason')
    expect(await count()).toBe(before)
    const ok = await s.call.post(path, { ...product, cycleDays: '30' }, s.op.token)
    expect(ok.code, ok.msg).toBe(200)
    expect(await count()).toBe(before + 1)
  })

  it('c2c merchants: uid a plain integer within int4 (no 500, no "0b101" for user 5)', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => registerEmail(s.h.app, s.h.db)))
    const rows = await s.h.db.selectFrom('users').select(['id', 'uid']).orderBy('uid').execute()
    const five = rows.find((r) => r.uid === 5)
    expect(five).toBeDefined()
    const merchants = async () => (await s.h.db.selectFrom('c2c_merchant').select('user_id').execute()).length
    const before = await merchants()
    // HTTP 500 before: a uid beyond int4 reached PostgreSQL.
    for (const uid of [
      2147483648,
      '2147483648',
      1e10,
      '99999999999999999999',
      1e300,
      '0b101',
      '0x5',
      '5e0',
      '+5',
      ' 5',
      5.5,
      0,
      -5,
    ])
      await refused('admin/c2c/merchant', { uid, merchant: true }, 'uid', 'invalid_uid')
    expect(await merchants()).toBe(before)
    const u = users[5]
    const uid = (
      await s.h.db
        .selectFrom('users')
        .select('uid')
        .where('id', '=', u?.userId ?? '')
        .executeTakeFirstOrThrow()
    ).uid
    expect(
      (await s.call.post('admin/c2c/merchant', { uid: String(uid), merchant: true }, s.op.token)).code,
    ).toBe(200)
    expect(await merchants()).toBe(before + 1)
    expect(
      (await s.call.post('admin/c2c/merchant', { uid: 2147483647, merchant: true }, s.op.token)).code,
    ).toBe(1004)
  })

  it('loans: real calendar holidays, thresholds no finer than the coin, terms as integers, bounded reasons', async () => {
    const before = await s.h.db.selectFrom('loan_holiday').selectAll().orderBy('day').execute()
    for (const day of [
      '2031-02-31',
      '2030-02-29',
      '2031-13-01',
      '2031-00-10',
      '1900-01-01',
      '2031-2-1',
      '20310201',
    ])
      await refused('admin/loan/holidays', { days: [{ day, name: 'Holiday' }] }, 'days.0.day', 'invalid_date')
    await refused('admin/loan/holidays', { days: [{ day: '2031-02-28', name: HUGE }] }, 'days.0.name')
    expect(await s.h.db.selectFrom('loan_holiday').selectAll().orderBy('day').execute()).toEqual(before)
    const ok = await s.call.post(
      'admin/loan/holidays',
      { days: [{ day: '2032-02-29', name: 'Leap day' }] },
      s.op.token,
    )
    expect(ok.code, ok.msg).toBe(200)

    const product = {
      coin: 'USDT',
      termDays: 30,
      monthlyRate: '0.01',
      institution: 'Test Bank',
      minAmount: '100',
      maxAmount: '1000',
      credit: false,
      enabled: false,
    }
    const count = async () => (await s.h.db.selectFrom('loan_product').select('id').execute()).length
    const n = await count()
    await refused(
      'admin/loan/product/save',
      { ...product, minAmount: '100.0000001' },
      'minAmount',
      'too_many_decimals',
    )
    await refused(
      'admin/loan/product/save',
      { ...product, maxAmount: '1000.0000001' },
      'maxAmount',
      'too_many_decimals',
    )
    for (const termDays of ['+30', '0x1e', '3e1', '30.0'])
      await refused('admin/loan/product/save', { ...product, termDays }, 'termDays', 'invalid_term')
    await refused('admin/loan/product/save', { ...product, reason: HUGE }, 'reason', 'invalid_reason')
    expect(await count()).toBe(n)
    // A 100 KB reason went into the audit log before.
    await refused(
      'admin/loan/review',
      { decision: 'approve', id: '1', amount: '100', reason: HUGE },
      'reason',
    )
    const saved = await s.call.post('admin/loan/product/save', { ...product, termDays: '30' }, s.op.token)
    expect(saved.code, saved.msg).toBe(200)
  })

  it('options, contracts and markets: thresholds no finer than their coin', async () => {
    await refused(
      'admin/option/settings',
      { symbol: 'BTCUSDT', period: 30, minAmount: '10.0000001' },
      'minAmount',
      'too_many_decimals',
    )
    await refused('admin/option/settings', { symbol: 'BTCUSDT', period: '+30' }, 'period')
    const lot = await s.h.db
      .selectFrom('contract_setting')
      .select('lot_size')
      .where('symbol', '=', 'BTCUSDT_PERP')
      .executeTakeFirstOrThrow()
    await refused(
      'admin/contract/settings',
      { symbol: 'BTCUSDT_PERP', lotSize: '0.000000001' },
      'lotSize',
      'too_many_decimals',
    )
    await refused('admin/contract/settings', { symbol: 'BTCUSDT_PERP', maxLeverage: '0x10' }, 'maxLeverage')
    await refused('admin/contract/settings', { symbol: 'BTCUSDT_PERP', reason: HUGE }, 'reason')
    expect(
      (
        await s.h.db
          .selectFrom('contract_setting')
          .select('lot_size')
          .where('symbol', '=', 'BTCUSDT_PERP')
          .executeTakeFirstOrThrow()
      ).lot_size,
    ).toBe(lot.lot_size)
    await refused(
      'admin/markets/limits',
      { symbol: 'ETHUSDT', minAmount: '0.000000000001', minNotional: '10' },
      'minAmount',
      'too_many_decimals',
    )
    await refused(
      'admin/markets/limits',
      { symbol: 'ETHUSDT', minAmount: '0.01', minNotional: '10.0000001' },
      'minNotional',
      'too_many_decimals',
    )
    await refused('admin/invite/config', { tiers: [], ranks: [] }, 'tiers')
  })

  it('content and the user side too: publishAt within range, payWindow "+10" is not 10', async () => {
    await refused(
      'admin/content/save',
      { type: 'news', publishAt: 1e20, texts: { en: { title: 'T', body: 'B' } } },
      'publishAt',
      'invalid_time',
    )
    const u = await registerEmail(s.h.app, s.h.db)
    for (const payWindow of ['+10', '1e1', '0xa', '10.0'])
      expect(
        (
          await s.call.post(
            'c2c/ad/save',
            {
              side: 'buy',
              coin: 'USDT',
              fiat: 'CNY',
              price: '7',
              total: '10',
              minAmount: '7',
              maxAmount: '70',
              payKinds: ['bank'],
              payWindow,
            },
            u.token,
          )
        ).code,
      ).toBe(1101)
  })
})
