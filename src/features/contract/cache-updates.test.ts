import type { ContractOrder, ContractPosition } from '@common/contract/schema'
import { describe, expect, it } from 'vitest'
import { mergeOrder, mergePosition } from './cache-updates'

const order = (id: string, status: ContractOrder['status'], symbol = 'BTCUSDT_PERP') =>
  ({ id, status, symbol }) as ContractOrder
const pos = (side: 'long' | 'short', lots: string) =>
  ({ symbol: 'BTCUSDT_PERP', side, lots, avgOpenPrice: '1' }) as ContractPosition

describe('socket updates into the cache', () => {
  it('adds, replaces and drops open orders', () => {
    const a = order('1', 'open')
    expect(mergeOrder([], a)).toEqual([a])
    const a2 = order('1', 'partial')
    expect(mergeOrder([order('2', 'open'), a], a2)).toEqual([order('2', 'open'), a2])
    expect(mergeOrder([a], order('1', 'filled'))).toEqual([])
    expect(mergeOrder([], order('3', 'open', 'ETHUSDT_PERP'), 'BTCUSDT_PERP')).toEqual([])
  })
  it('keeps one position per symbol and side; lots 0 removes it', () => {
    const long = pos('long', '5')
    expect(mergePosition([], long)).toEqual([long])
    expect(mergePosition([long], pos('long', '7'))).toEqual([pos('long', '7')])
    expect(mergePosition([long], pos('short', '2'))).toHaveLength(2)
    expect(mergePosition([long], { symbol: 'BTCUSDT_PERP', side: 'long', lots: '0' })).toEqual([])
  })
})
