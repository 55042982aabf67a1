import { describe, expect, it } from 'vitest'
import { flagEmoji } from '../../platform/identity/countries'
import { coinLogoSvg } from './logo'

describe('coin logos', () => {
  it('draws the code on the coin colour', () => {
    const svg = coinLogoSvg('BTC', '#f7931a')
    expect(svg).toContain('fill="#f7931a"')
    expect(svg).toContain('>BTC</text>')
  })

  it('refuses anything that could inject markup', () => {
    expect(() => coinLogoSvg('<x>', '#ffffff')).toThrow()
    expect(() => coinLogoSvg('BTC', 'red"/><script>')).toThrow()
  })
})

describe('flagEmoji', () => {
  it('builds regional-indicator flags', () => {
    expect(flagEmoji('TW')).toBe('🇹🇼')
    expect(flagEmoji('de')).toBe('🇩🇪')
  })
})
