import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { registerByApi } from './helpers'

/**
 * axe (WCAG 2 A and AA rules): no serious or critical violation on the main screens, in both
 * themes, for a signed-in user. One page per theme walks the screens in-app (hash changes).
 */
const SCREENS = [
  'pages/home/index',
  'pages/market/market',
  'pages/market/quote?symbol=BTCUSDT',
  'pages/trade/trade-spot',
  'pages/trade/trade-leverage',
  'pages/trade/trade-option',
  'pages/assets/index',
  'pages/transaction/index',
  'pages/loan/index',
  'pages/financial/index',
  'pages/etfs/index',
  'pages/mine/index',
  'pages/mine/language-set',
]

/** Counts the page's requests so a screen is checked once its code and data have arrived. */
function trackNetwork() {
  const w = window as unknown as { __net: { n: number; t: number } }
  w.__net = { n: 0, t: Date.now() }
  const f = window.fetch.bind(window)
  window.fetch = (...args: Parameters<typeof fetch>) => {
    w.__net.n++
    w.__net.t = Date.now()
    return f(...args).finally(() => {
      w.__net.n--
      w.__net.t = Date.now()
    })
  }
  new PerformanceObserver(() => {
    w.__net.t = Date.now()
  }).observe({ type: 'resource' })
}

async function open(page: Page, route: string) {
  await page.evaluate((r) => {
    ;(window as unknown as { __net: { t: number } }).__net.t = Date.now()
    window.location.hash = `#/${r}`
  }, route)
  await expect(page).toHaveURL(new RegExp(`#/${route.split('?')[0]}`))
  // The router keeps the previous screen until the new one's code and loaders are done; it
  // exposes itself as __TSR_ROUTER__. Then the screen's own queries must have answered.
  await page.waitForFunction(() => {
    const w = window as unknown as {
      __net: { n: number; t: number }
      __TSR_ROUTER__?: {
        state: { status: string; location: { href: string }; resolvedLocation?: { href: string } }
      }
    }
    const s = w.__TSR_ROUTER__?.state
    return (
      s?.status === 'idle' &&
      s.resolvedLocation?.href === s.location.href &&
      w.__net.n === 0 &&
      Date.now() - w.__net.t > 250 &&
      !document.querySelector('[aria-busy="true"]') &&
      document.querySelector('main') !== null
    )
  })
  await expect(page.getByRole('main')).toBeVisible()
}

for (const theme of ['light', 'dark'] as const) {
  test(`the main screens have no serious accessibility violation (${theme})`, async ({ page }) => {
    test.setTimeout(180_000)
    const { token } = await registerByApi(page.request, `a11y-${theme}`)
    await page.addInitScript(
      ([t, tk]) => {
        localStorage.setItem('theme', JSON.stringify(t))
        localStorage.setItem('lang', JSON.stringify('en'))
        localStorage.setItem('token', JSON.stringify(tk))
      },
      [theme, token],
    )
    await page.addInitScript(trackNetwork)
    await page.goto('./#/pages/home/index')
    const found: string[] = []
    for (const route of SCREENS) {
      await open(page, route)
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa'])
        .setLegacyMode(true)
        .analyze()
      for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
        found.push(`${route}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    }
    expect(found).toEqual([])
  })
}
