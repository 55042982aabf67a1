import { describe, expect, it } from 'vitest'
import { assetDp, formatAsset, formatPercent, formatPrice } from './number'

describe('formatPercent', () => {
  it('follows the locale: sign, decimal mark, space and position of %', () => {
    expect(formatPercent('1.234', { locale: 'en', sign: 'always' })).toBe('+1.23%')
    expect(formatPercent('1.234', { locale: 'de', sign: 'always' })).toBe('+1,23\u00a0%')
    expect(formatPercent('-1.235', { locale: 'fi' })).toBe('\u22121,24\u00a0%')
    expect(formatPercent('1.5', { locale: 'tr', sign: 'always' })).toBe('+%1,50')
    expect(formatPercent('-0.5', { locale: 'zh-TW' })).toBe('-0.50%')
  })

  it('puts no sign on zero, and a plus only when asked', () => {
    expect(formatPercent('0', { locale: 'en', sign: 'always' })).toBe('0.00%')
    expect(formatPercent('-0.001', { locale: 'en', sign: 'always' })).toBe('0.00%')
    expect(formatPercent('3', { locale: 'en' })).toBe('3.00%')
  })

  it('keeps every digit of large values and groups them', () => {
    expect(formatPercent('123456789.125', { locale: 'en', dp: 2 })).toBe('123,456,789.13%')
    expect(formatPercent('12.5', { locale: 'de', dp: 0 })).toBe('13\u00a0%')
  })
})

describe('assetDp', () => {
  it('shows stablecoins with two decimals whatever the ledger precision', () => {
    expect(assetDp('USDT', 6)).toBe(2)
    expect(assetDp('usdc')).toBe(2)
  })

  it('uses ISO minor units for fiat', () => {
    expect(assetDp('EUR')).toBe(2)
    expect(assetDp('JPY')).toBe(0)
  })

  it('uses the server precision of other coins, at most 8', () => {
    expect(assetDp('BTC', 8)).toBe(8)
    expect(assetDp('XRP', 6)).toBe(6)
    expect(assetDp('BTC')).toBe(8)
    expect(assetDp('ODD', 18)).toBe(8)
  })
})

describe('formatAsset', () => {
  it('truncates to the display precision so a balance is never overstated', () => {
    expect(formatAsset('24883.97021968', 'USDT', { locale: 'en', precision: 6 })).toBe('24,883.97')
    expect(formatAsset('24883.979', 'USDT', { locale: 'de' })).toBe('24.883,97')
    expect(formatAsset('0.5', 'BTC', { locale: 'en', precision: 8 })).toBe('0.50000000')
  })
})

describe('formatPrice', () => {
  it('keeps the instrument precision, trailing zeros included', () => {
    expect(formatPrice('86000.1', 2, 'en')).toBe('86,000.10')
    expect(formatPrice('0.5', 4, 'fi')).toBe('0,5000')
    expect(formatPrice('1234.5', 1, 'de')).toBe('1.234,5')
  })
})
