import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { open, registerByApi, trackNetwork } from './helpers'

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
      await expect(page.getByRole('main')).toBeVisible()
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
