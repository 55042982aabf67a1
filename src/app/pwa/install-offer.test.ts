import { describe, expect, it } from 'vitest'
import { INSTALL_SNOOZE_MS, installOffer } from './install-offer'

const android = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36'
const iosSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1'
const iosChrome =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 CriOS/156.0 Mobile/15E148 Safari/604.1'
const now = 1_800_000_000_000
const base = { standalone: false, canPrompt: false, userAgent: android, dismissedAt: null, now }

describe('installOffer', () => {
  it('offers the browser prompt when one was captured', () => {
    expect(installOffer({ ...base, canPrompt: true })).toBe('prompt')
  })

  it('never offers inside the installed app', () => {
    expect(installOffer({ ...base, canPrompt: true, standalone: true })).toBeNull()
  })

  it('explains Add to Home Screen on iOS Safari only', () => {
    expect(installOffer({ ...base, userAgent: iosSafari })).toBe('ios-instructions')
    expect(installOffer({ ...base, userAgent: iosChrome })).toBeNull()
    expect(installOffer(base)).toBeNull()
  })

  it('stays quiet for 30 days after a dismissal, then offers again', () => {
    const ctx = { ...base, canPrompt: true }
    expect(installOffer({ ...ctx, dismissedAt: now - 1000 })).toBeNull()
    expect(installOffer({ ...ctx, dismissedAt: now - INSTALL_SNOOZE_MS + 1 })).toBeNull()
    expect(installOffer({ ...ctx, dismissedAt: now - INSTALL_SNOOZE_MS })).toBe('prompt')
  })
})
