import { DEFAULT_TIERS_BTC } from '@common/contract/margin'
import type { ContractInstrument } from '@common/contract/schema'
import { describe, expect, it } from 'vitest'
import { type CalcInput, calculate } from './calculator-form'

const inst = {
  symbol: 'BTCUSDT_PERP',
  pricePrecision: 2,
  lotSize: '0.001',
  maxLeverage: 100,
  takerFee: '0.0005',
  makerFee: '0.0002',
  tiers: DEFAULT_TIERS_BTC,
} as ContractInstrument
// 100 lots of 0.001 = 0.1 BTC at 50,000, 10x (derivatives.md examples).
const base: CalcInput = {
  side: 'long',
  leverage: 10,
  lots: '100',
  entry: '50000',
  exit: '51000',
  roe: '20',
  balance: '1000',
}

describe('calculator form', () => {
  it('PnL and ROE', () => {
    expect(calculate('pnl', inst, base)).toEqual({ kind: 'pnl', margin: '500', pnl: '100', roe: '20' })
  })
  it('target price for an ROE', () => {
    expect(calculate('target', inst, base)).toEqual({ kind: 'target', price: '51000' })
    expect(calculate('target', inst, { ...base, side: 'short', roe: '-10' })).toEqual({
      kind: 'target',
      price: '50500',
    })
  })
  it('cross liquidation price with 1,000 USDT: 40,160.64', () => {
    expect(calculate('liquidation', inst, base)).toEqual({ kind: 'liquidation', price: '40160.64' })
  })
  it('required margin', () => {
    expect(calculate('margin', inst, base)).toEqual({ kind: 'margin', margin: '500' })
  })
  it('waits for valid fields', () => {
    expect(calculate('pnl', inst, { ...base, lots: '0' })).toBeNull()
    expect(calculate('pnl', inst, { ...base, exit: '' })).toBeNull()
    expect(calculate('target', inst, { ...base, roe: 'x' })).toBeNull()
  })
})
