import { expect, test } from '@playwright/test'
import { english } from './helpers'

test.beforeEach(async ({ page }) => english(page))

// MARKET_DATA=demo (the default, as this server runs): every screen with prices says so, and a
// market shows only what traded on it (issue 36).
test('demo mode is labelled on home, the market list, the quote page and the trade screens', async ({
  page,
}) => {
  const mark = page.getByTestId('demo-prices')
  await page.goto('./')
  await expect(mark).toHaveText('Demo prices')

  await page.goto('./#/pages/market/market')
  await expect(page.getByRole('heading', { name: /Markets/ })).toBeVisible()
  await expect(mark).toBeVisible()

  await page.goto('./#/pages/market/quote?symbol=ETHUSDT')
  await expect(mark).toBeVisible()
  // A spot chart draws the market's own trades; ETH/USDT has none here, so no high and no volume.
  await expect(page.getByTestId('chart-series')).toHaveText('Trades on this exchange')
  const stats = page.locator('dl').first()
  await expect(stats.locator('div').nth(0).locator('dd')).toHaveText('--')
  await expect(stats.locator('div').nth(2).locator('dd')).toHaveText(/^0([.,]00)?$/)

  await page.goto('./#/pages/market/quote?symbol=BTCUSDT_PERP')
  await expect(page.getByTestId('chart-series')).toHaveText('Index price')

  await page.goto('./#/pages/trade/trade-spot?symbol=BTCUSDT')
  await expect(mark).toBeVisible()
  await page.goto('./#/pages/trade/trade-leverage?symbol=BTCUSDT_PERP')
  await expect(mark).toBeVisible()
})
