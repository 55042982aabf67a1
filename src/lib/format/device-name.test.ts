import { describe, expect, it } from 'vitest'
import { deviceName } from './device-name'

describe('device name', () => {
  it('names the browser and the system of a user agent', () => {
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36'
    expect(deviceName(chrome)).toBe('Chrome · Windows')
    const firefox = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:121.0) Gecko/20100101 Firefox/121.0'
    expect(deviceName(firefox)).toBe('Firefox · macOS')
  })
  it('falls back to the start of the text, then a dash', () => {
    expect(deviceName('curl/8.0')).toBe('curl/8.0')
    expect(deviceName('')).toBe('—')
  })
})
