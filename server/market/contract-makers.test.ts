import { describe, expect, it } from 'vitest'
import type { Db } from '../db/db'
import { ContractMarketMakers, type ContractQuoting } from './contract-makers'
import type { MarketData } from './service'

/** A service stub: BTC-like instrument, the maker holding `long` / `short` lots. */
function makers(long: number, short: number) {
  const svc = {
    inst: () => ({ pp: 2, lotSize: '0.001' }),
    position: (_h: string, _s: string, side: string) => ({ lots: String(side === 'long' ? long : short) }),
  } as unknown as ContractQuoting
  return new ContractMarketMakers({} as Db, {} as MarketData, svc)
}

const total = (q: { side: string; lots: number }[], side: string) =>
  q.filter((x) => x.side === side).reduce((a, x) => a + x.lots, 0)

describe('contract market makers', () => {
  it('quote a deep book one tick either side of the index when flat', () => {
    const q = makers(0, 0).quotesFor('BTCUSDT_PERP', '65000')
    const bids = q.filter((x) => x.side === 'long')
    const asks = q.filter((x) => x.side === 'short')
    expect(bids).toHaveLength(24)
    expect(asks).toHaveLength(24)
    expect(bids[0]?.price).toBe('64999.99')
    expect(asks[0]?.price).toBe('65000.01')
    // Gaps widen with distance; sizes grow from a few lots to tens.
    const gap = (l: typeof bids, i: number) => Math.abs(Number(l[i + 1]?.price) - Number(l[i]?.price))
    expect(gap(bids, 20)).toBeGreaterThan(gap(bids, 1) * 10)
    expect((bids[23]?.lots ?? 0) + (bids[22]?.lots ?? 0)).toBeGreaterThan(
      (bids[0]?.lots ?? 0) + (bids[1]?.lots ?? 0),
    )
  })

  it('skew against their inventory: a long inventory lowers the quotes and shrinks the bids', () => {
    const flat = makers(0, 0).quotesFor('BTCUSDT_PERP', '65000')
    const long = makers(1500, 0).quotesFor('BTCUSDT_PERP', '65000') // ~97,500 USDT long
    expect(Number(long[1]?.price)).toBeLessThan(Number(flat[1]?.price))
    expect(total(long, 'long')).toBeLessThan(total(long, 'short'))
    const short = makers(0, 1500).quotesFor('BTCUSDT_PERP', '65000')
    expect(total(short, 'short')).toBeLessThan(total(short, 'long'))
    // At the cap the side that would add to it is not quoted at all.
    expect(total(makers(4000, 0).quotesFor('BTCUSDT_PERP', '65000'), 'long')).toBe(0)
  })
})
