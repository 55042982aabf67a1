import { expect, test } from '@playwright/test'
import { english, registerByForm } from './helpers'

// Selectors are test ids and roles: the screens' texts are translated per language.

test('visitors see the book and are sent to login when they order', async ({ page, request }) => {
  await english(page)
  await page.goto('./#/pages/trade/trade-spot?symbol=BTCUSDT')
  await expect(page.getByTestId('asks').getByRole('button').first()).toBeVisible({ timeout: 30_000 })
  // 24 h high, low and volume are the market's own trades (issue 36), as the public ticker says:
  // before any trade here no high or low, no volume and no sparkline, rather than the index's figures
  // (earlier specs of a full run may have traded the pair already).
  const json = (await (await request.get('./api/market/ticker?symbol=BTCUSDT')).json()) as {
    data: { high: string | null; volume: string }
  }
  if (json.data.high === null) {
    await expect(page.getByTestId('stat-high')).toHaveText('--')
    await expect(page.getByTestId('stat-low')).toHaveText('--')
    await expect(page.getByTestId('stat-volume')).toHaveText('0')
    await expect(page.getByTestId('stat-turnover')).toHaveText('0')
    await expect(page.getByTestId('mini-chart').locator('path')).toHaveCount(0)
  } else {
    await expect(page.getByTestId('stat-high')).toHaveText(/\d/)
    await expect(page.getByTestId('stat-low')).toHaveText(/\d/)
  }
  await page.getByTestId('submit-order').click()
  await expect(page).toHaveURL(/#\/pages\/login\/index/)
})

test('a funded user places, sees and cancels a limit order, then buys at market against the makers', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await english(page)
  const token = await registerByForm(page, 'spot')
  const credit = await page.request.post('./api/dev/credit', {
    data: { asset: 'USDT', amount: '10000' },
    headers: { authorization: `Bearer ${token}` },
  })
  expect((await credit.json()).code).toBe(200)

  // The Trade tab sits between Markets and Mine.
  const tabs = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link')
  await expect(tabs.nth(2)).toHaveAttribute('href', /trade-spot/)
  await tabs.nth(2).click()
  await expect(page).toHaveURL(/#\/pages\/trade\/trade-spot/)
  const available = page.getByTestId('available')
  // USDT at its display precision: two decimals (issue 34).
  await expect(available).toHaveText('10,000.00 USDT')
  // Market makers give the book depth on both sides.
  await expect(page.getByTestId('asks').getByRole('button').first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('bids').getByRole('button').first()).toBeVisible()

  // A limit bid far below the market rests on the book.
  await page.getByTestId('price-input').fill('1000')
  await page.getByTestId('amount-input').fill('0.01')
  await expect(page.getByTestId('order-total')).toHaveText('10.00 USDT')
  await page.getByTestId('submit-order').click()
  const open = page.getByTestId('open-orders')
  await expect(open.getByTestId('order-row')).toHaveCount(1)
  await expect(page.getByTestId('open-title')).toHaveAttribute('data-count', '1')
  // 10 USDT plus at most 0.1 % fee is frozen.
  await expect(available).toHaveText('9,989.99 USDT')

  await open.getByTestId('cancel-order').click()
  await expect(page.getByTestId('open-title')).toHaveAttribute('data-count', '0')
  await expect(available).toHaveText('10,000.00 USDT')

  // The slider: 25 % of what the balance buys at the typed price, fee included; the estimate
  // charges the user's rate on the total.
  await page.getByTestId('price-input').fill('50000')
  await expect(page.getByTestId('max-size')).toHaveText('0.199800 BTC')
  const slider = page.getByRole('slider')
  await slider.fill('25')
  await expect(page.getByTestId('amount-input')).toHaveValue('0.049950')
  await expect(slider).toHaveAttribute('aria-valuetext', '25%')
  await expect(page.getByTestId('fee-estimate')).toHaveText('≤ 2.50 USDT')
  // Snaps: the keyboard moves it a step of 25 %.
  await slider.focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('amount-input')).toHaveValue('0.099900')

  // Market buy for 100 USDT fills against the market makers' asks.
  await page.getByTestId('type-market').click()
  await page.getByTestId('total-input').fill('100')
  await page.getByTestId('submit-order').click()
  // Whole lots only: up to one lot's worth of the 100 USDT stays unspent.
  await expect(available).toHaveText(/^9,900(\.\d+)? USDT$/)
  await page.getByTestId('side-sell').click()
  await expect(available).toHaveText(/^0\.00\d+ BTC$/)

  // One way to the history: the orders and the fills of this pair.
  await page.getByTestId('history-link').click()
  await expect(page).toHaveURL(/#\/pages\/history\/index\?symbol=BTCUSDT/)
  await page.getByTestId('tab-orders').click()
  const history = page.getByTestId('records-orders')
  await expect(history.locator('[data-status=filled]')).toHaveCount(1)
  await expect(history.locator('[data-status=cancelled]')).toHaveCount(1)
  await expect(page.getByTestId('list-end')).toHaveAttribute('data-more', 'false')
  await page.getByTestId('tab-fills').click()
  await expect(page.getByTestId('fill-row').first()).toBeVisible()
})
