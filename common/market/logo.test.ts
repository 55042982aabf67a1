import { describe, expect, it } from 'vitest'
import { DARK_INK, drawnLogoColor, LIGHT_INK, logoFace, logoInk, luminance } from './logo'

describe('coin logo face', () => {
  it('writes up to four letters whole and shortens longer codes to three, smaller as they grow', () => {
    expect(logoFace('OP')).toEqual({ label: 'OP', scale: 26 / 64 })
    expect(logoFace('BTC')).toEqual({ label: 'BTC', scale: 20 / 64 })
    expect(logoFace('DOGE')).toEqual({ label: 'DOGE', scale: 16 / 64 })
    expect(logoFace('ABCDEFG').label).toBe('ABC')
  })

  it('shows only the first letter where the letters would be too small to read', () => {
    expect(logoFace('DOGE', 18)).toEqual({ label: 'D', scale: 0.5 })
    expect(logoFace('BTC', 24)).toEqual({ label: 'BTC', scale: 20 / 64 })
    expect(logoFace('OP', 18).label).toBe('OP')
  })
})

describe('drawn logo colour', () => {
  it('reads the colour from the server drawing address and nothing else', () => {
    expect(drawnLogoColor('/api/logo/BTC.svg#f7931a')).toBe('#f7931a')
    expect(drawnLogoColor('/api/logo/BTC.svg')).toBeNull()
    expect(drawnLogoColor('/api/logo/platform.svg')).toBeNull()
    expect(drawnLogoColor('https://cdn.example/BTC.svg#f7931a')).toBeNull()
    expect(drawnLogoColor('/api/logo/BTC.svg#f7931a;background:url(x)')).toBeNull()
    expect(drawnLogoColor(undefined)).toBeNull()
  })
})

describe('logo letters colour', () => {
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
    return (hi + 0.05) / (lo + 0.05)
  }
  it('writes dark letters on bright coins and white ones on dark coins, readable on both', () => {
    expect(logoInk('#f7931a')).toBe(DARK_INK) // BTC orange
    expect(logoInk('#f3ba2f')).toBe(DARK_INK) // BNB yellow
    expect(logoInk('#23292f')).toBe(LIGHT_INK) // XRP
    expect(logoInk('#0033ad')).toBe(LIGHT_INK) // ADA
    // Every colour is readable, even the mid tones where neither ink is far ahead.
    for (const c of [
      '#808080',
      '#6b8e23',
      '#ff5733',
      '#8a8a8a',
      '#f7931a',
      '#627eea',
      '#9945ff',
      '#c2a633',
      '#e84142',
      '#8dc351',
      '#00a3ff',
      '#555555',
    ]) {
      expect(contrast(c, logoInk(c)), c).toBeGreaterThanOrEqual(4.5)
    }
  })
})
