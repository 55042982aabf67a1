import { expect, test } from '@playwright/test'
import { registerByApi } from './helpers'

// The spot ticket's advanced switch (issue 38): post-only, IOC and FOK on a limit order.

const signIn = async (page: import('@playwright/test').Page, lang: string, theme: string, token: string) =>
  page.addInitScript(
    ([l, t, tk]) => {
      localStorage.setItem('lang', JSON.stringify(l))
      localStorage.setItem('theme', JSON.stringify(t))
      localStorage.setItem('token', JSON.stringify(tk))
    },
    [lang, theme, token],
  )

test('a post-only bid that would take is refused; one below the book rests, marked post-only', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const { token } = await registerByApi(page.request, 'flags')
  const credit = await page.request.post('./api/dev/credit', {
    data: { asset: 'USDT', amount: '10000' },
    headers: { authorization: `Bearer ${token}` },
  })
  expect((await credit.json()).code).toBe(200)
  await signIn(page, 'en', 'light', token)
  await page.goto('./#/pages/trade/trade-spot?symbol=BTCUSDT')
  await expect(page.getByTestId('asks').getByRole('button').first()).toBeVisible({ timeout: 30_000 })

  await page.getByTestId('advanced').getByRole('switch').click()
  await page.getByTestId('flag-post-only').click()
  // Far above the asks: it would take, so it is refused and nothing is frozen.
  await page.getByTestId('price-input').fill('1000000')
  await page.getByTestId('amount-input').fill('0.001')
  await page.getByTestId('submit-order').click()
  await expect(page.getByText('A post-only order cannot trade at once')).toBeVisible()
  await expect(page.getByTestId('available')).toHaveText('10,000.00 USDT')

  await page.getByTestId('price-input').fill('1000')
  await page.getByTestId('amount-input').fill('0.01')
  await page.getByTestId('submit-order').click()
  await expect(page.getByTestId('open-orders').getByTestId('order-row')).toHaveCount(1)
  const open = await (
    await page.request.get('./api/spot/orders/open', { headers: { authorization: `Bearer ${token}` } })
  ).json()
  expect(open.data[0]).toMatchObject({ postOnly: true, timeInForce: 'GTC', price: '1000' })
})

test('the advanced switch at 390x844 in four languages, light and dark (screenshots)', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 })
  const req = ctx.request
  const { token } = await registerByApi(req, 'flags-shots')
  for (const lang of ['tw', 'en', 'de', 'fin'])
    for (const theme of ['light', 'dark']) {
      const page = await ctx.newPage()
      await signIn(page, lang, theme, token)
      await page.goto('./#/pages/trade/trade-spot?symbol=BTCUSDT')
      const sw = page.getByTestId('advanced').getByRole('switch')
      await sw.click()
      await page.getByTestId('flag-fok').click()
      await expect(page.getByTestId('limit-flag')).toBeVisible()
      // Nothing of the ticket overflows its column.
      const over = await page
        .getByTestId('advanced')
        .evaluate((el) =>
          [...el.querySelectorAll('*:not(.visually-hidden)')].some((n) => n.scrollWidth > n.clientWidth + 1),
        )
      expect(over).toBe(false)
      await page.screenshot({ path: `test-results/shots/spot-flags-${lang}-${theme}.png` })
      await page.close()
    }
  await ctx.close()
})
