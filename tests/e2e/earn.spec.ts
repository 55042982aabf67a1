import { expect, type Page, test } from '@playwright/test'
import { apiCall, english, registerByForm } from './helpers'

// Selectors are test ids and roles: the screens' texts are translated per language.
const DAY = 86_400_000
const SHOTS = process.env.EARN_SHOTS

async function shots(page: Page, name: string): Promise<void> {
  if (!SHOTS) return
  for (const lang of ['en', 'tw', 'de'])
    for (const theme of ['light', 'dark']) {
      await page.evaluate(
        ([l, t]) => {
          localStorage.setItem('lang', JSON.stringify(l))
          localStorage.setItem('theme', JSON.stringify(t))
        },
        [lang, theme],
      )
      await page.reload()
      await page.waitForTimeout(1500)
      await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${theme}.png` })
    }
  await page.evaluate(() => {
    localStorage.setItem('lang', JSON.stringify('en'))
    localStorage.setItem('theme', JSON.stringify('light'))
  })
  await page.reload()
}

test('a user stakes from the finance account and sees the daily reward accrue', async ({ page }) => {
  test.setTimeout(180_000)
  await english(page)
  // Visitors browse the products.
  await page.goto('./#/pages/financial/index')
  await expect(page.getByTestId('staking-products').getByRole('listitem')).toHaveCount(5)
  const token = await registerByForm(page, 'earn')
  await apiCall(
    page.request,
    'post',
    'dev/credit',
    { asset: 'USDT', amount: '5000', account: 'finance' },
    token,
  )
  await page.goto('./#/pages/financial/index')
  await shots(page, 'financial')
  const card = page.getByTestId('product-1')
  await card.getByRole('button').click()
  const sheet = page.getByTestId('stake-sheet')
  await sheet.getByTestId('stake-amount').fill('50')
  await expect(sheet.getByTestId('stake-submit')).toBeDisabled()
  await sheet.getByTestId('stake-amount').fill('1000')
  await expect(sheet.getByTestId('stake-expected')).toHaveText('0.958902 USDT')
  await sheet.getByTestId('stake-submit').click()
  await expect(page).toHaveURL(/#\/pages\/financial\/detail\?id=\d+/)
  await expect(page.getByTestId('order-accrued')).toHaveText('0 USDT')
  // One day later (test clock) the first daily reward is paid into the order.
  await apiCall(page.request, 'post', 'dev/earn/clock', { advanceMs: DAY + 60_000 })
  await page.reload()
  await expect(page.getByTestId('order-accrued')).toHaveText('0.136986 USDT')
  await expect(page.getByTestId('reward-list').getByRole('listitem')).toHaveCount(1)
  await shots(page, 'staking-detail')
  // Early redemption says what is forfeited before it happens.
  await page.getByTestId('redeem').click()
  await expect(page.getByTestId('confirm')).toContainText('0.136986')
  await page.getByTestId('confirm-ok').click()
  await expect(page.getByTestId('order-status')).toHaveText('Redeemed early')
  await page.goto('./#/pages/financial/record')
  await expect(page.getByTestId('staking-order-list').getByRole('listitem')).toHaveCount(1)
})

test('a user commits to an open project and sees the result after the announcement', async ({ page }) => {
  test.setTimeout(180_000)
  await english(page)
  const token = await registerByForm(page, 'launch')
  await apiCall(
    page.request,
    'post',
    'dev/credit',
    { asset: 'USDT', amount: '1000', account: 'finance' },
    token,
  )
  await page.goto('./#/pages/buycoin/index')
  await expect(page.getByTestId('project-ORBT')).toBeVisible()
  await shots(page, 'buycoin')
  await page.getByTestId('project-NOVA').click()
  await expect(page.getByTestId('project-state')).toHaveText('Subscription open')
  await page.getByTestId('commit-open').click()
  const sheet = page.getByTestId('commit-sheet')
  await sheet.getByTestId('commit-amount').fill('100')
  await sheet.getByTestId('commit-submit').click()
  await expect(page.getByTestId('my-subscription')).toContainText('100 USDT')
  await shots(page, 'buycoin-detail')
  // The test clock passes the close and the announcement: 100 USDT at 0.05 = 2,000 NOVA.
  await apiCall(page.request, 'post', 'dev/earn/clock', { advanceMs: 10 * DAY })
  await page.reload()
  await expect(page.getByTestId('project-state')).toHaveText('Result announced')
  await expect(page.getByTestId('my-coins')).toHaveText('2,000 NOVA')
  await shots(page, 'buycoin-result')
  const fin = await apiCall<{ list: { coin: string; available: string }[] }>(
    page.request,
    'get',
    'assets/balances',
    { account: 'finance' },
    token,
  )
  expect(fin.list.find((b) => b.coin === 'NOVA')?.available).toBe('2000')
})
