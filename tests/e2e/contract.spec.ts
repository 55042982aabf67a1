import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, test } from '@playwright/test'
import { apiCall, english, registerByApi, registerByForm } from './helpers'

// Selectors are test ids and roles: the screens' texts are translated per language.
const SYMBOL = 'BTCUSDT_PERP'
const num = (s: string | null) => Number((s ?? '').replace(/[^\d.-]/g, ''))

/**
 * A second trader rests large orders on both sides of the index, so the test's market orders fill
 * whether or not the demo market makers quote the perpetual right now.
 */
async function counterparty(req: APIRequestContext): Promise<void> {
  const { token } = await registerByApi(req, 'perp-cp')
  await apiCall(req, 'post', 'dev/credit', { asset: 'USDT', amount: '2000000', account: 'contract' }, token)
  const info = await apiCall<{ indexPrice: string }>(req, 'get', 'contract/info', { symbol: SYMBOL })
  const index = Number(info.indexPrice)
  for (const [side, f] of [
    ['short', 1.002],
    ['long', 0.998],
  ] as const) {
    await apiCall(
      req,
      'post',
      'contract/order/place',
      { symbol: SYMBOL, side, type: 'limit', price: (index * f).toFixed(1), lots: 2000, leverage: 10 },
      token,
    )
  }
}

test('visitors see the perpetual market and are sent to login when they order', async ({ page }) => {
  await english(page)
  await page.goto(`./#/pages/trade/trade-leverage?symbol=${SYMBOL}`)
  await expect(page.getByTestId('mark-price')).not.toHaveText('--', { timeout: 30_000 })
  await expect(page.getByTestId('funding-countdown')).toHaveText(/^\d\d:\d\d:\d\d$/)
  await expect(page.getByTestId('lot-size')).toHaveText('1 lot = 0.001 BTC')
  await page.getByTestId('submit-order').click()
  await expect(page).toHaveURL(/#\/pages\/login\/index/)
})

for (const theme of ['light', 'dark'] as const) {
  test(`the perpetual trade page has no serious accessibility violation (${theme})`, async ({ page }) => {
    await english(page)
    await page.addInitScript((t) => localStorage.setItem('theme', JSON.stringify(t)), theme)
    await page.goto(`./#/pages/trade/trade-leverage?symbol=${SYMBOL}`)
    await expect(page.getByTestId('mark-price')).not.toHaveText('--', { timeout: 30_000 })
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })
}

test('a funded user opens a long, sees live PnL, sets TP/SL, reverses and closes all', async ({ page }) => {
  test.setTimeout(180_000)
  await english(page)
  await counterparty(page.request)
  const token = await registerByForm(page, 'perp')
  await apiCall(
    page.request,
    'post',
    'dev/credit',
    { asset: 'USDT', amount: '10000', account: 'contract' },
    token,
  )

  // From the Trade tab to perpetuals.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').nth(2).click()
  await page.getByTestId('to-perpetual').click()
  await expect(page).toHaveURL(/#\/pages\/trade\/trade-leverage\?symbol=BTCUSDT_PERP/)
  await expect(page.getByTestId('available')).toHaveText('10,000.00 USDT')
  await expect(page.getByTestId('asks').getByRole('button').first()).toBeVisible({ timeout: 30_000 })

  // Leverage 20x, 10 lots at the market.
  await page.getByTestId('leverage').click()
  await page.getByRole('button', { name: '20x', exact: true }).click()
  await page.getByTestId('leverage-ok').click()
  await expect(page.getByTestId('leverage')).toHaveText('20x')
  await page.getByTestId('type-market').click()
  await page.getByTestId('lots-input').fill('10')
  await expect(page.getByTestId('cost')).not.toHaveText('--')
  await page.getByTestId('submit-order').click()

  const position = page.getByTestId('position')
  await expect(position).toHaveCount(1, { timeout: 15_000 })
  await expect(position).toHaveAttribute('data-side', 'long')
  await expect(position.getByTestId('pos-lots')).toHaveText('10')

  // Live PnL: the mark (index) price ticks every second and the PnL follows it.
  const firstMark = await position.getByTestId('pos-mark').textContent()
  const firstPnl = await position.getByTestId('pos-pnl').textContent()
  await expect
    .poll(async () => (await position.getByTestId('pos-mark').textContent()) !== firstMark, {
      timeout: 20_000,
    })
    .toBe(true)
  await expect
    .poll(async () => (await position.getByTestId('pos-pnl').textContent()) !== firstPnl, { timeout: 20_000 })
    .toBe(true)

  // TP/SL: a take-profit below the open price is refused before anything is sent (docs/spec.md section 5).
  const mark = num(await position.getByTestId('pos-mark').textContent())
  await position.getByTestId('pos-tpsl').click()
  const sheet = page.getByTestId('tpsl-sheet')
  await sheet.getByTestId('tp-input').fill(String(Math.round(mark / 2)))
  await sheet.getByTestId('tpsl-save').click()
  await expect(sheet.getByRole('alert')).toHaveText(
    'Take profit must be above the open price and the current price',
  )
  const tp = Math.round(mark * 1.5)
  const sl = Math.round(mark * 0.5)
  await sheet.getByTestId('tp-input').fill(String(tp))
  await sheet.getByTestId('sl-input').fill(String(sl))
  await sheet.getByTestId('tpsl-save').click()
  await expect(sheet).toBeHidden()
  await expect(position.getByTestId('pos-tp')).toHaveText(
    tp.toLocaleString('en', { minimumFractionDigits: 2 }),
  )
  await expect(position.getByTestId('pos-sl')).toHaveText(
    sl.toLocaleString('en', { minimumFractionDigits: 2 }),
  )

  // The profit-share image: a PNG drawn on a canvas, saved as a file.
  await position.getByTestId('pos-share').click()
  const share = page.getByTestId('share-sheet')
  await expect(share.getByTestId('share-canvas')).toBeVisible()
  const download = page.waitForEvent('download')
  await share.getByTestId('share-save').click()
  expect((await download).suggestedFilename()).toMatch(/^BTCUSDT_PERP-long-.*\.png$/)
  await share.getByRole('button', { name: 'Close' }).click()

  // Reverse, after a confirmation: the long becomes a short of the same lots.
  await position.getByTestId('pos-reverse').click()
  await page.getByTestId('confirm').getByTestId('confirm-ok').click()
  await expect(position).toHaveCount(1)
  await expect(position).toHaveAttribute('data-side', 'short', { timeout: 15_000 })
  await expect(position.getByTestId('pos-lots')).toHaveText('10')

  // Close all, after a confirmation.
  await page.getByTestId('close-all').click()
  await page.getByTestId('confirm').getByTestId('confirm-ok').click()
  await expect(position).toHaveCount(0, { timeout: 15_000 })
  await expect(page.getByTestId('tab-positions')).toHaveAttribute('data-count', '0')

  // The records keep both positions with their realized PnL.
  await page.goto('./#/pages/assets/leverage-record?tab=positions')
  await expect(page.getByTestId('list-positions').getByRole('listitem')).toHaveCount(2)
})

// Last in the file: it moves the BTC index down (development hook) for the rest of this server's life.
test('a liquidation reaches the user as a notice and stays in the records', async ({ page }) => {
  test.setTimeout(180_000)
  await english(page)
  await counterparty(page.request)
  const { token } = await registerByApi(page.request, 'perp-liq')
  await apiCall(
    page.request,
    'post',
    'dev/credit',
    { asset: 'USDT', amount: '1000', account: 'contract' },
    token,
  )
  await page.addInitScript((t) => localStorage.setItem('token', JSON.stringify(t)), token)
  await page.goto(`./#/pages/trade/trade-leverage?symbol=${SYMBOL}`)
  await expect(page.getByTestId('available')).toHaveText('1,000.00 USDT')

  // 100x, three quarters of the most the account can open, at the market.
  await page.getByTestId('leverage').click()
  await page.getByRole('button', { name: '100x', exact: true }).click()
  await page.getByTestId('leverage-ok').click()
  await page.getByTestId('type-market').click()
  await expect(page.getByTestId('max-lots')).not.toHaveText('--')
  await page.getByRole('button', { name: '75%' }).click()
  await page.getByTestId('submit-order').click()
  await expect(page.getByTestId('position')).toHaveCount(1, { timeout: 15_000 })

  // The index falls 3 %: the liquidation engine closes the position and tells the user.
  const info = await apiCall<{ indexPrice: string }>(page.request, 'get', 'contract/info', { symbol: SYMBOL })
  const crash = (Number(info.indexPrice) * 0.97).toFixed(2)
  await apiCall(page.request, 'post', 'dev/market/index', { symbol: SYMBOL, price: crash })
  const notice = page.getByRole('alertdialog')
  await expect(notice).toContainText('was liquidated', { timeout: 15_000 })
  await notice.getByRole('button').click()
  await expect(page.getByTestId('position')).toHaveCount(0)

  await page.goto('./#/pages/assets/leverage-record?tab=liquidations')
  await expect(page.getByTestId('list-liquidations').getByRole('listitem')).toHaveCount(1)
})
