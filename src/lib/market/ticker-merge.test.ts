import type { Ticker } from '@common/market/types'
import { describe, expect, it } from 'vitest'
import { mergeTickers } from './ticker-merge'

const btc: Ticker = {
  symbol: 'BTCUSDT',
  last: '90000.10',
  open: '89000',
  high: '91000',
  low: '88000',
  change: '1.12',
  volume: '10',
  turnover: '900000',
  index: '90000.00',
  ts: 1,
}
const eth: Ticker = { ...btc, symbol: 'ETHUSDT', last: '2250.5' }

describe('mergeTickers', () => {
  it('keeps the map and every ticker when a snapshot repeats what is cached', () => {
    const old = { BTCUSDT: btc, ETHUSDT: eth }
    const next = mergeTickers(old, [{ ...btc }, { ...eth }], true)
    expect(next).toBe(old)
  })

  it('replaces only the tickers a snapshot changes, and drops the ones it no longer has', () => {
    const old = { BTCUSDT: btc, ETHUSDT: eth }
    const moved = { ...eth, last: '2251', ts: 2 }
    const next = mergeTickers(old, [{ ...btc }, moved], true)
    expect(next).not.toBe(old)
    expect(next.BTCUSDT).toBe(btc)
    expect(next.ETHUSDT).toEqual(moved)
    expect(mergeTickers(old, [{ ...btc }], true)).toEqual({ BTCUSDT: btc })
  })

  it('applies the changed fields of a message onto the cached ticker', () => {
    const old = { BTCUSDT: btc, ETHUSDT: eth }
    const next = mergeTickers(old, [{ symbol: 'BTCUSDT', last: '90001', ts: 2 }], false)
    expect(next.BTCUSDT).toEqual({ ...btc, last: '90001', ts: 2 })
    expect(next.ETHUSDT).toBe(eth)
    // A message that changes nothing leaves the map as it was.
    expect(mergeTickers(old, [{ symbol: 'BTCUSDT', last: btc.last }], false)).toBe(old)
  })

  it('takes a market it has not seen whole', () => {
    const next = mergeTickers({ BTCUSDT: btc }, [eth], false)
    expect(next.ETHUSDT).toBe(eth)
    expect(next.BTCUSDT).toBe(btc)
  })
})
