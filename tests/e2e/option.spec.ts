import { expect, test } from '@playwright/test'
import { apiCall, english, registerByForm } from './helpers'

// Selectors are test ids and roles: the screens' texts are translated per language.

test('visitors see the rounds and the index, and are sent to login when they buy', async ({ page }) => {
  await english(page)
  await page.goto('./#/pages/trade/trade-option?symbol=BTCUSDT')
  await expect(page.getByTestId('option-index')).not.toHaveText('--', { timeout: 30_000 })
  await expect(page.getByTestId('period-30')).toBeVisible()
  await expect(page.getByTestId('option-cutoff')).toHaveText(/^\d\d:\d\d$/)
  await page.getByTestId('buy-up').click()
  await expect(page).toHaveURL(/#\/pages\/login\/index/)
})

test('a funded user buys an up option on a 30 s round, sees the countdown and the settled result', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await english(page)
  const token = await registerByForm(page, 'opt')
  await apiCall(
    page.request,
    'post',
    'dev/credit',
    { asset: 'USDT', amount: '1000', account: 'option' },
    token,
  )
  await page.goto('./#/pages/trade/trade-option?symbol=BTCUSDT')
  await expect(page.getByTestId('option-index')).not.toHaveText('--', { timeout: 30_000 })
  await page.getByTestId('period-30').click()
  await expect(page.getByTestId('period-30')).toHaveAttribute('aria-selected', 'true')

  // A 100 USDT up call: principal and fee leave the option account, the option is listed.
  await page.getByTestId('option-amount').fill('100')
  await page.getByTestId('buy-up').click()
  const row = page.getByTestId('option-open-row')
  await expect(row).toHaveCount(1, { timeout: 15_000 })
  const countdown = row.getByTestId('option-open-countdown')
  const first = await countdown.textContent()
  expect(first).toMatch(/^\d\d:\d\d$/)
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 5_000 }) // it counts down

  // At delivery the round settles from the recorded ticks and the result sheet opens.
  const sheet = page.getByTestId('option-result')
  await expect(sheet).toBeVisible({ timeout: 110_000 })
  await expect(sheet.getByTestId('option-result-payout')).toHaveText(/^[+-][\d,.]+ USDT$/)
  await expect(row).toHaveCount(0)

  // The record shows the settlement and the round's proof.
  await page.goto('./#/pages/assets/option-record')
  const rec = page.getByTestId('option-record').first()
  await expect(rec).toBeVisible()
  await rec.getByTestId('option-proof').click()
  await expect(page.getByTestId('option-proof-sheet')).toBeVisible()
})
