import type { DepthSnapshot } from '@common/spot/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger, ledgerIsSound } from '../../../server/ledger/check'
import { readBalances } from '../../../server/ledger/ledger'
import { MarketMakers, marketMakersEnabled } from '../../../server/market/market-makers'
import type { MarketData } from '../../../server/market/service'
import { spotService } from '../../../server/modules/spot/service'
import { registerEmail } from '../accounts/helpers'
import { backends, type Harness, startHarness } from '../harness'
import { fund, spotApi, spotBalance } from './helpers'

describe.each(backends)('market makers on %s', (backend) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(backend)
  })
  afterAll(async () => {
    await h.close()
  })

  it('quote both sides around the index from treasury funds, re-quote as it moves, and trade', async () => {
    const rows = await h.db.selectFrom('instrument').selectAll().execute()
    let last = '60000'
    // The index as the market makers see it: BTCUSDT at `last`.
    const market = {
      instrument: (s: string) => rows.find((r) => r.symbol === s),
      instruments: () => [],
      ticker: (s: string) => (s === 'BTCUSDT' ? { last } : null),
      // Index ticks keep the index health current; this fake index never ticks (demo: never stale).
      on: () => {},
    } as unknown as MarketData
    const mm = new MarketMakers(h.db, market, spotService(h.db), { levels: 5 })
    expect(await marketMakersEnabled(h.db)).toBe(true)
    expect(await mm.maybeQuote('BTCUSDT')).toBe(true)

    const s = spotApi(h)
    const depth = await s.get<DepthSnapshot>('spot/depth', { symbol: 'BTCUSDT' })
    expect(depth.data.bids).toHaveLength(5)
    expect(depth.data.asks).toHaveLength(5)
    expect(Number(depth.data.bids[0]?.price)).toBeLessThan(60000)
    expect(Number(depth.data.asks[0]?.price)).toBeGreaterThan(60000)
    const funding = await h.db
      .selectFrom('ledger_entry')
      .select('reason')
      .where('reason', '=', 'market_maker_funding')
      .execute()
    expect(funding.length).toBeGreaterThan(0)

    // Unchanged index: nothing to do. A move: the book follows.
    expect(await mm.maybeQuote('BTCUSDT')).toBe(false)
    last = '61000'
    expect(await mm.maybeQuote('BTCUSDT')).toBe(true)
    const moved = await s.get<DepthSnapshot>('spot/depth', { symbol: 'BTCUSDT' })
    expect(Number(moved.data.bids[0]?.price)).toBeGreaterThan(60900)
    expect(moved.data.bids).toHaveLength(5)

    // A user market buy fills against the quotes.
    const u = await registerEmail(h.app, h.db)
    await fund(h.db, u.userId, 'USDT', '1000')
    const r = await s.place(u.token, { symbol: 'BTCUSDT', side: 'buy', type: 'market', quoteAmount: '100' })
    expect(r.code, r.msg).toBe(200)
    expect(r.data.status).toBe('filled')
    expect(Number((await spotBalance(h.db, u.userId, 'BTC')).available)).toBeGreaterThan(0)
    for (const b of await readBalances(h.db, 'mm:1')) {
      expect(Number(b.available)).toBeGreaterThanOrEqual(0)
      expect(Number(b.frozen)).toBeGreaterThanOrEqual(0)
    }
    expect(ledgerIsSound(await checkLedger(h.db))).toBe(true)

    await h.db
      .insertInto('setting')
      .values({ key: 'market_makers.enabled', value: JSON.stringify(false) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(false) }))
      .execute()
    expect(await marketMakersEnabled(h.db)).toBe(false)
  })
})
