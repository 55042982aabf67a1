import { lastRebalanceAt, nextRebalanceAt } from '@common/etf/nav'
import type { EtfHolding, EtfNavPoint, EtfOrder, EtfProduct } from '@common/etf/schema'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { readBalances } from '../../../server/ledger/ledger'
import type { MarketData } from '../../../server/market/service'
import { EtfJobs, type EtfPass } from '../../../server/modules/etf/jobs'
import { EtfService } from '../../../server/modules/etf/service'
import { registerEmail } from '../accounts/helpers'
import { openStaffSuite, type StaffSuite } from '../admin/helpers'
import { backends, type Harness } from '../harness'
import { fund } from '../spot/helpers'

const PRICES: Record<string, string> = {
  BTCUSDT: '60000',
  ETHUSDT: '3000',
  SOLUSDT: '150',
  BNBUSDT: '600',
  XRPUSDT: '0.5',
  XAUUSD: '2400',
  XAGUSD: '30',
}

async function bal(h: Harness, holder: string, asset: string, account = 'finance'): Promise<string> {
  const [b] = await readBalances(h.db, holder, { account, asset })
  return b?.available ?? '0'
}

async function expectSound(h: Harness): Promise<void> {
  const report = await checkLedger(h.db)
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true)
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from balance where holder <> 'system' and (available < 0 or frozen < 0)`.execute(
    h.db,
  )
  expect(rows[0]?.n).toBe(0)
  // Units outstanding = what holders hold (the desk issued every unit).
  const { rows: off } = await sql<{ asset: string }>`
    select p.code as asset from etf_product p
    left join balance d on d.holder = 'system' and d.account = 'etf_desk' and d.asset = p.code
    left join (select asset, sum(available) as s from balance where holder <> 'system' group by asset) u on u.asset = p.code
    where coalesce(d.available, 0) + coalesce(u.s, 0) <> 0`.execute(h.db)
  expect(off).toEqual([])
}

describe.each(backends)('ETF products on %s', (backend) => {
  let s: StaffSuite
  let h: Harness
  const index = (symbol: string, price: string) => s.call.post('dev/market/index', { symbol, price })
  const run = async (at?: number) => {
    const r = await s.call.post<EtfPass>('dev/etf/run', at === undefined ? {} : { at })
    expect(r.code, r.msg).toBe(200)
    return r.data
  }
  const product = async (code: string) => {
    const r = await s.call.get<EtfProduct>('etf/product', { product: code })
    expect(r.code, r.msg).toBe(200)
    return r.data
  }
  const funded = async (amount = '1000') => {
    const u = await registerEmail(h.app, h.db)
    await fund(h.db, u.userId, 'USDT', amount, 'finance')
    return u
  }

  beforeAll(async () => {
    s = await openStaffSuite(backend)
    h = s.h
  })
  afterAll(async () => {
    await h.close()
  })

  it('ships six products; they launch at NAV 10 once their index prices arrive', async () => {
    const before = await s.call.get<EtfProduct[]>('etf/products')
    expect(before.data.map((p) => p.code)).toEqual(['TOP5', 'METALS', 'BTC3L', 'BTC3S', 'ETH3L', 'ETH3S'])
    expect(before.data.every((p) => p.nav === null)).toBe(true)
    for (const [sym, p] of Object.entries(PRICES)) expect((await index(sym, p)).code).toBe(200)
    const pass = await run()
    expect(pass.launched.sort()).toEqual(['BTC3L', 'BTC3S', 'ETH3L', 'ETH3S', 'METALS', 'TOP5'])
    expect((await run()).launched).toEqual([])
    const list = (await s.call.get<EtfProduct[]>('etf/products')).data
    for (const p of list) expect(p.nav).toBe('10')
    const top5 = list.find((p) => p.code === 'TOP5') as EtfProduct
    expect(top5.components.map((c) => [c.base, c.weight])).toEqual([
      ['BTC', '0.4'],
      ['ETH', '0.25'],
      ['SOL', '0.15'],
      ['BNB', '0.1'],
      ['XRP', '0.1'],
    ])
    // The desk was funded from the treasury through the ledger.
    expect(await bal(h, 'system', 'USDT', 'etf_desk')).toBe('1000000')
  })

  it('NAV follows the index: 3x long and short on a 2 % move, the basket by its weights', async () => {
    await index('BTCUSDT', '61200')
    expect((await product('BTC3L')).nav).toBe('10.6')
    expect((await product('BTC3S')).nav).toBe('9.4')
    // BTC +2 % at 40 % weight: +0.8 %.
    expect((await product('TOP5')).nav).toBe('10.08')
    await index('BTCUSDT', '60000')
    expect((await product('BTC3L')).nav).toBe('10')
  })

  it('subscribe then redeem: units at NAV less the fee, USDT back at NAV less the fee, fees to the fee account', async () => {
    const u = await funded('1000')
    const fees0 = await bal(h, 'system', 'USDT', 'fees')
    const sub = await s.call.post<EtfOrder>('etf/subscribe', { product: 'BTC3L', amount: '100' }, u.token)
    expect(sub.code, sub.msg).toBe(200)
    expect(sub.data).toMatchObject({ side: 'subscribe', amount: '100', fee: '0.1', nav: '10', units: '9.99' })
    expect(await bal(h, u.userId, 'USDT')).toBe('900')
    expect(await bal(h, u.userId, 'BTC3L')).toBe('9.99')
    // The index rises 2 %: NAV 10.6; redeem everything.
    await index('BTCUSDT', '61200')
    const holdings = await s.call.get<EtfHolding[]>('etf/holdings', {}, u.token)
    expect(holdings.data).toEqual([{ product: 'BTC3L', units: '9.99', nav: '10.6', value: '105.89' }])
    const red = await s.call.post<EtfOrder>('etf/redeem', { product: 'BTC3L', units: '9.99' }, u.token)
    expect(red.code, red.msg).toBe(200)
    // gross 105.894, fee 0.105894 (0.1 %), paid 105.788106.
    expect(red.data).toMatchObject({
      side: 'redeem',
      units: '9.99',
      nav: '10.6',
      fee: '0.105894',
      amount: '105.788106',
    })
    expect(await bal(h, u.userId, 'USDT')).toBe('1005.788106')
    expect(await bal(h, u.userId, 'BTC3L')).toBe('0')
    const fees1 = await bal(h, 'system', 'USDT', 'fees')
    expect(Number(fees1) - Number(fees0)).toBeCloseTo(0.205894, 9)
    const orders = await s.call.get<{ list: EtfOrder[] }>('etf/orders', {}, u.token)
    expect(orders.data.list.map((o) => o.side)).toEqual(['redeem', 'subscribe'])
    // Another user sees none of them.
    const other = await funded('1')
    expect((await s.call.get<{ list: EtfOrder[] }>('etf/orders', {}, other.token)).data.list).toEqual([])
    await index('BTCUSDT', '60000')
    await expectSound(h)
  })

  it('refuses what it must, changing nothing', async () => {
    const u = await funded('50')
    const tries: [string, Record<string, unknown>, number][] = [
      ['etf/subscribe', { product: 'BTC3L', amount: '100' }, 1200], // insufficient balance
      ['etf/subscribe', { product: 'BTC3L', amount: '5' }, 1201], // below the 10 USDT minimum
      ['etf/subscribe', { product: 'NOPE1', amount: '20' }, 2050],
      ['etf/subscribe', { product: 'BTC3L', amount: '-5' }, 1101],
      ['etf/subscribe', { product: 'BTC3L', amount: '20.1234567' }, 1101],
      ['etf/redeem', { product: 'BTC3L', units: '1' }, 1200], // holds no units
      ['etf/redeem', { product: 'BTC3L', units: 'abc' }, 1101],
    ]
    for (const [url, body, code] of tries) {
      const r = await s.call.post(url, body, u.token)
      expect([url, body, r.code]).toEqual([url, body, code])
    }
    expect((await s.call.post('etf/subscribe', { product: 'BTC3L', amount: '20' })).code).toBe(1003)
    expect(await bal(h, u.userId, 'USDT')).toBe('50')
    const { rows } = await sql<{
      n: number
    }>`select count(*)::int as n from etf_order where holder = ${u.userId}`.execute(h.db)
    expect(rows[0]?.n).toBe(0)
  })

  it('a paused product refuses orders; operators only; audited; resumed it trades again', async () => {
    const u = await funded('100')
    expect(
      (await s.call.post('admin/etf/status', { code: 'ETH3S', action: 'pause' }, u.token)).code,
    ).not.toBe(200)
    const p = await s.call.post<EtfProduct>(
      'admin/etf/status',
      { code: 'ETH3S', action: 'pause', reason: 'review' },
      s.op.token,
    )
    expect(p.code, p.msg).toBe(200)
    expect(p.data.status).toBe('paused')
    expect((await s.call.post('etf/subscribe', { product: 'ETH3S', amount: '20' }, u.token)).code).toBe(2051)
    expect(await bal(h, u.userId, 'USDT')).toBe('100')
    await s.call.post('admin/etf/status', { code: 'ETH3S', action: 'resume' }, s.op.token)
    expect((await s.call.post('etf/subscribe', { product: 'ETH3S', amount: '20' }, u.token)).code).toBe(200)
    const { rows } = await sql<{ action: string }>`
      select action from audit_log where target_id = 'ETH3S' order by id`.execute(h.db)
    expect(rows.map((r) => r.action)).toEqual(['etf.pause', 'etf.resume'])
  })

  it('the daily rebalance runs once per 00:00 UTC+8 slot, across a restart, and never moves NAV', async () => {
    await index('BTCUSDT', '63000')
    const nav = (await product('BTC3L')).nav
    expect(nav).toBe('11.5')
    // The clock passes the next 00:00 UTC+8.
    const at = nextRebalanceAt(Date.now()) + 5000
    const slot = lastRebalanceAt(at)
    const first = await run(at)
    expect(first.daily.sort()).toEqual(['BTC3L', 'BTC3S', 'ETH3L', 'ETH3S', 'METALS', 'TOP5'])
    const after = await product('BTC3L')
    expect(after.nav).toBe(nav)
    expect(after.rebalancePrice).toBe('63000')
    expect(after.rebalanceNav).toBe('11.5')
    expect((await run(at + 1000)).daily).toEqual([])
    // A new process (a restart): fresh service and scheduler state, same database.
    // Its market data holds the same index prices as the running one.
    const prices: Record<string, string> = { ...PRICES, BTCUSDT: '63000' }
    const fresh = new EtfService(h.db, {
      ticker: (sym: string) => ({ last: prices[sym] ?? null }),
      instrument: () => undefined,
    } as unknown as MarketData)
    const again = await EtfJobs.pass(fresh, at + 2000)
    expect(again.daily).toEqual([])
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from etf_rebalance where product = 'BTC3L' and kind = 'daily' and slot = ${slot}`.execute(
      h.db,
    )
    expect(rows[0]?.n).toBe(1)
    // From the new reference, a further 1 % move is 3 % on NAV.
    await index('BTCUSDT', '63630')
    expect((await product('BTC3L')).nav).toBe('11.845')
    await index('BTCUSDT', '60000')
  })

  it('an intraday rebalance fires when the index moves 15 % from the last rebalance', async () => {
    await run()
    const base = (await product('ETH3L')).rebalancePrice as string
    await index('ETHUSDT', String(Number(base) * 0.84))
    const pass = await run()
    expect(pass.intraday.sort()).toEqual(['ETH3L', 'ETH3S'])
    const p = await product('ETH3L')
    expect(p.rebalancePrice).toBe(String(Number(base) * 0.84))
    expect((await run()).intraday).toEqual([])
    await index('ETHUSDT', '3000')
  })

  it('records NAV points once per minute for the chart', async () => {
    const at = Math.floor(Date.now() / 60_000) * 60_000 + 120_000
    expect((await run(at)).navPoints).toBe(6)
    expect((await run(at + 30_000)).navPoints).toBe(0)
    const hist = await s.call.get<EtfNavPoint[]>('etf/nav', { product: 'TOP5', range: '1d' })
    expect(hist.code).toBe(200)
    expect(hist.data.length).toBeGreaterThanOrEqual(1)
    expect((await s.call.get('etf/nav', { product: 'TOP5', range: '2y' })).code).toBe(1101)
  })

  it('operators create products; closing redeems every holder at NAV through the ledger', async () => {
    const bad = await s.call.post(
      'admin/etf/create',
      {
        code: 'BAD5',
        name: 'Bad',
        kind: 'basket',
        components: [
          { symbol: 'BTCUSDT', weight: '0.5' },
          { symbol: 'ETHUSDT', weight: '0.4' },
        ],
      },
      s.op.token,
    )
    expect(bad.code).toBe(2056)
    expect(
      (
        await s.call.post(
          'admin/etf/create',
          { code: 'BTC', name: 'Coin', kind: 'leveraged', underlying: 'BTCUSDT', leverage: '3' },
          s.op.token,
        )
      ).code,
    ).toBe(2055)
    const c = await s.call.post<EtfProduct>(
      'admin/etf/create',
      {
        code: 'DUO',
        name: 'BTC ETH Duo',
        kind: 'basket',
        components: [
          { symbol: 'BTCUSDT', weight: '0.5' },
          { symbol: 'ETHUSDT', weight: '0.5' },
        ],
        reason: 'new product',
      },
      s.op.token,
    )
    expect(c.code, c.msg).toBe(200)
    expect(c.data.nav).toBe('10')
    const a = await funded('500')
    const b = await funded('500')
    expect((await s.call.post('etf/subscribe', { product: 'DUO', amount: '200' }, a.token)).code).toBe(200)
    expect((await s.call.post('etf/subscribe', { product: 'DUO', amount: '100' }, b.token)).code).toBe(200)
    // BTC +10 %: NAV 10.5.
    await index('BTCUSDT', '66000')
    expect((await product('DUO')).nav).toBe('10.5')
    const closed = await s.call.post<EtfProduct & { redeemedHolders: number }>(
      'admin/etf/status',
      { code: 'DUO', action: 'close', reason: 'wind down' },
      s.op.token,
    )
    expect(closed.code, closed.msg).toBe(200)
    expect(closed.data).toMatchObject({ status: 'closed', redeemedHolders: 2, nav: '10.5', supply: '0' })
    // a: 199.8 / 10 = 19.98 units -> 209.79; b: 9.99 units -> 104.895.
    expect(await bal(h, a.userId, 'USDT')).toBe('509.79')
    expect(await bal(h, b.userId, 'USDT')).toBe('504.895')
    expect(await bal(h, a.userId, 'DUO')).toBe('0')
    expect((await s.call.post('etf/subscribe', { product: 'DUO', amount: '20' }, a.token)).code).toBe(2052)
    expect((await s.call.post('admin/etf/status', { code: 'DUO', action: 'close' }, s.op.token)).code).toBe(
      2052,
    )
    expect((await s.call.get<EtfProduct[]>('etf/products')).data.some((p) => p.code === 'DUO')).toBe(false)
    const orders = await s.call.get<{ list: EtfOrder[] }>('etf/orders', {}, a.token)
    expect(orders.data.list[0]).toMatchObject({
      side: 'close',
      units: '19.98',
      nav: '10.5',
      amount: '209.79',
      fee: '0',
    })
    const { rows } = await sql<{ action: string }>`
      select action from audit_log where target_id = 'DUO' order by id`.execute(h.db)
    expect(rows.map((r) => r.action)).toEqual(['etf.create', 'etf.close'])
    await index('BTCUSDT', '60000')
    await expectSound(h)
  })
})
