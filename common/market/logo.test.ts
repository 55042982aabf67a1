import { describe, expect, it } from 'vitest'
import { drawnLogoColor, logoFace } from './logo'

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
