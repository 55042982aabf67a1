import { expect, test } from '@playwright/test'
import { english, registerByForm } from './helpers'

test('order history: current orders with cancel, past orders and fills, per pair or all', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await english(page)
  const token = await registerByForm(page, 'spoth')
  const headers = { authorization: `Bearer ${token}` }
  const call = async (url: string, data: unknown) => {
    const res = await page.request.post(url, { data, headers })
    const body = await res.json()
    expect(body.code, body.msg).toBe(200)
    return body.data
  }
  await call('./api/dev/credit', { asset: 'USDT', amount: '10000' })
  const bid = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.01' }
  await call('./api/spot/order/place', { ...bid, price: '1000' })
  const second = await call('./api/spot/order/place', { ...bid, price: '1001' })
  await call('./api/spot/order/cancel', { id: second.id })

  await page.goto('./#/pages/trade/trade-spot?symbol=BTCUSDT')
  // Market makers give the book depth: a fill against them for the fills tab.
  await expect(page.getByTestId('asks').getByRole('button').first()).toBeVisible({ timeout: 30_000 })
  await call('./api/spot/order/place', { symbol: 'BTCUSDT', side: 'buy', type: 'market', quoteAmount: '100' })

  await page.getByTestId('history-link').click()
  await expect(page).toHaveURL(/#\/pages\/history\/index\?symbol=BTCUSDT/)
  await expect(page.getByTestId('filter-symbol')).toHaveAttribute('aria-current', 'true')

  // Current orders: the resting bid, cancelled from here.
  const current = page.getByTestId('records-open')
  await expect(current.getByTestId('order-row')).toHaveCount(1)
  await current.getByTestId('cancel-order').click()
  await expect(page.getByText('No data')).toBeVisible()

  // History: all three orders; the two bids now cancelled, the market buy filled.
  await page.getByTestId('tab-orders').click()
  const orders = page.getByTestId('records-orders')
  await expect(orders.getByTestId('order-row')).toHaveCount(3)
  await expect(orders.locator('[data-status=cancelled]')).toHaveCount(2)
  await expect(orders.locator('[data-status=filled]')).toHaveCount(1)

  await page.getByTestId('tab-fills').click()
  await expect(page.getByTestId('records-fills').getByTestId('fill-row').first()).toBeVisible()
  // One display form of a pair on every screen.
  await expect(page.getByTestId('records-fills').getByTestId('fill-row').first()).toContainText('BTC/USDT')

  // Every pair: the same orders (this user traded only BTCUSDT).
  await page.getByTestId('filter-all').click()
  await expect(page).toHaveURL(/#\/pages\/history\/index$/)
  await expect(page.getByTestId('filter-all')).toHaveAttribute('aria-current', 'true')
  await page.getByTestId('tab-orders').click()
  await expect(page.getByTestId('records-orders').getByTestId('order-row')).toHaveCount(3)
})

for (const [name, url] of [
  ['trade', './#/pages/trade/trade-spot?symbol=BTCUSDT'],
  ['quote', './#/pages/market/quote?symbol=BTCUSDT'],
] as const) {
  test(`the ${name} page groups the order book by 1, 10, 100 or 1000 ticks`, async ({ page }) => {
    await english(page)
    await page.goto(url)
    const asks = page.getByTestId('asks')
    await expect(asks.getByRole('button').first()).toBeVisible({ timeout: 30_000 })
    const group = page.getByTestId('depth-group')
    await expect(group).toHaveText('0.01')
    const prices = asks.locator('button > span:nth-child(2)')
    await expect(prices.first()).toHaveText(/\.\d\d$/)
    // The app's picker sheet, not a native select.
    await group.click()
    const options = page.getByTestId('depth-group-sheet').getByRole('radio')
    await expect(options).toHaveText(['0.01', '0.1', '1', '10'])
    await options.filter({ hasText: /^10$/ }).click()
    await expect(group).toHaveText('10')
    // Whole tens, no decimals: every ask and bid level is a bucket of 10.
    await expect(prices.first()).toHaveText(/^[\d,]*0$/)
    for (const text of await prices.allTextContents()) expect(text).toMatch(/^[\d,]*0$/)
    const bids = page.getByTestId('bids').locator('button > span:nth-child(2)')
    for (const text of await bids.allTextContents()) expect(text).toMatch(/^[\d,]*0$/)
  })
}
