import AxeBuilder from '@axe-core/playwright'
import type { EtfHolding, EtfOrder } from '@common/etf/schema'
import { expect, test } from '@playwright/test'
import { apiCall, english, registerByForm } from './helpers'

// Selectors are test ids and roles: the screens' texts are translated per language.
const num = (s: string | null) => Number((s ?? '').replace(/[^\d.-]/g, ''))

test('visitors see the ETF list with live NAVs and are sent to login to subscribe', async ({ page }) => {
  await english(page)
  await page.goto('./#/pages/etfs/index')
  const card = page.getByTestId('etf-BTC3L')
  // The scheduler launches the products once their index prices arrive (every 5 s).
  await expect(card).toContainText(/\d+\.\d{4}/, { timeout: 30_000 })
  await expect(page.getByTestId('etf-list').getByRole('listitem')).toHaveCount(6)
  await expect(page.getByRole('note')).toBeVisible()
  await card.click()
  await expect(page).toHaveURL(/#\/pages\/etfs\/order\?product=BTC3L/)
  await expect(page.getByTestId('etf-nav')).not.toHaveText('--')
  await page.getByRole('link', { name: 'Log in to subscribe' }).click()
  await expect(page).toHaveURL(/#\/pages\/login\/index/)
})

test('a funded user subscribes to BTC3L and redeems every unit', async ({ page }) => {
  test.setTimeout(120_000)
  await english(page)
  const token = await registerByForm(page, 'etf')
  await apiCall(
    page.request,
    'post',
    'dev/credit',
    { asset: 'USDT', amount: '1000', account: 'finance' },
    token,
  )

  // From All features to the ETF list and the product.
  await page.goto('./#/pages/common/menu')
  await page.getByRole('link', { name: 'ETF' }).click()
  await expect(page).toHaveURL(/#\/pages\/etfs\/index/)
  await page.getByTestId('etf-BTC3L').click()
  await expect(page.getByTestId('etf-nav')).not.toHaveText('--', { timeout: 30_000 })
  await expect(page.getByTestId('etf-available')).toHaveText('1,000.00 USDT')

  await page.getByTestId('etf-input').fill('100')
  await expect(page.getByTestId('etf-estimate')).toContainText('BTC3L')
  await page.getByTestId('etf-submit').click()
  await expect(page.getByTestId('etf-orders').getByRole('listitem')).toHaveCount(1)
  await expect(page.getByTestId('etf-available')).toHaveText('900.00 USDT')
  const held = await apiCall<EtfHolding[]>(page.request, 'get', 'etf/holdings', {}, token)
  expect(held).toHaveLength(1)
  expect(Number(held[0]?.units)).toBeGreaterThan(0)
  await expect(page.getByTestId('etf-holding')).toContainText(held[0]?.units ?? 'x')

  // Redeem everything: Max fills the units held.
  await page.getByRole('tab', { name: 'Redeem' }).click()
  await page.getByRole('button', { name: 'Max' }).click()
  await expect(page.getByTestId('etf-input')).toHaveValue(held[0]?.units ?? 'x')
  await expect(page.getByTestId('etf-estimate')).toContainText('USDT')
  await page.getByTestId('etf-submit').click()
  await expect(page.getByTestId('etf-orders').getByRole('listitem')).toHaveCount(2)
  await expect(page.getByTestId('etf-available')).toHaveText(`0 BTC3L`)
  expect(await apiCall<EtfHolding[]>(page.request, 'get', 'etf/holdings', {}, token)).toEqual([])
  const orders = await apiCall<{ list: EtfOrder[] }>(page.request, 'get', 'etf/orders', {}, token)
  expect(orders.list.map((o) => o.side)).toEqual(['redeem', 'subscribe'])
  // Two 0.1 % fees, and whatever the index did in between at 3x.
  const back = num(orders.list[0]?.amount ?? null)
  expect(back).toBeGreaterThan(80)
  expect(back).toBeLessThan(120)

  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
})
