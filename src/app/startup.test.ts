import { describe, expect, it } from 'vitest'
import { isDesktopUserAgent, isWalletBrowser, startupRedirect } from './startup'

const desktop =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36'

describe('user agent detection', () => {
  it('tells desktop from phone browsers', () => {
    expect(isDesktopUserAgent(desktop)).toBe(true)
    expect(isDesktopUserAgent(iphone)).toBe(false)
    expect(isDesktopUserAgent(android)).toBe(false)
  })

  it('detects wallet-app browsers by provider or user agent', () => {
    expect(isWalletBrowser(iphone, false)).toBe(false)
    expect(isWalletBrowser(iphone, true)).toBe(true)
    expect(isWalletBrowser(`${android} MetaMaskMobile`, false)).toBe(true)
    expect(isWalletBrowser(`${android} TokenPocket/1.2`, false)).toBe(true)
  })
})

describe('startupRedirect', () => {
  const base = { desktopUrl: 'https://desk.example', desktopSignupUrl: undefined }

  it('stays when no desktop site is configured', () => {
    expect(startupRedirect({ ...base, desktopUrl: undefined, userAgent: desktop, hashRoute: '/' })).toBeNull()
  })

  it('stays on phones', () => {
    expect(startupRedirect({ ...base, userAgent: iphone, hashRoute: '/pages/reg/index?code=X' })).toBeNull()
  })

  it('sends desktop browsers to the desktop root', () => {
    expect(startupRedirect({ ...base, userAgent: desktop, hashRoute: '/pages/home/index' })).toBe(
      'https://desk.example',
    )
  })

  it('keeps the registration query on the desktop sign-up route', () => {
    expect(
      startupRedirect({ ...base, userAgent: desktop, hashRoute: '/pages/reg/index?code=AB12&x=1' }),
    ).toBe('https://desk.example/register?code=AB12&x=1')
    expect(
      startupRedirect({
        ...base,
        desktopSignupUrl: 'https://desk.example/#/signup?from=m',
        userAgent: desktop,
        hashRoute: '/pages/reg/index?code=AB12',
      }),
    ).toBe('https://desk.example/#/signup?from=m&code=AB12')
  })

  it('registration without a query goes to the desktop root', () => {
    expect(startupRedirect({ ...base, userAgent: desktop, hashRoute: '/pages/reg/index' })).toBe(
      'https://desk.example',
    )
  })
})
