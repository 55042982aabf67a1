import { expect, type Page, test } from '@playwright/test'
import { apiCall, readyOperator, registerByApi } from './helpers'

async function signIn(page: Page, token: string) {
  await page.addInitScript((tk) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', JSON.stringify('en'))
    localStorage.setItem('token', JSON.stringify(tk))
  }, token)
}

test('the invite page shows the code, a QR of the link and a share image', async ({ page }) => {
  const user = await registerByApi(page.request, 'invite')
  const summary = await apiCall<{ code: string }>(page.request, 'get', 'invite/summary', {}, user.token)
  await signIn(page, user.token)

  await page.goto('./#/pages/mine/index')
  await page.getByRole('link', { name: 'Invite friends' }).click()
  await expect(page.getByTestId('invite-code')).toHaveText(summary.code)
  await expect(page.getByTestId('invite-link')).toContainText(`#/pages/reg/index?inviteCode=${summary.code}`)
  const qr = page.getByRole('img', { name: 'QR code of my invitation link' })
  await expect(qr).toBeVisible()
  expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/)
  await expect(page.getByTestId('invite-direct')).toHaveText('0')
  // The rank table comes from the seeded rules on a fresh install.
  await expect(page.getByRole('cell', { name: 'Partner level 3' })).toBeVisible()

  await page.getByTestId('invite-share-open').click()
  const canvas = page.getByTestId('invite-share-canvas')
  await expect(canvas).toHaveAttribute('data-ready', 'true')
  const png = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL('image/png'))
  expect(png.startsWith('data:image/png;base64,')).toBe(true)
  expect(png.length).toBeGreaterThan(5000)
  await expect(page.getByTestId('invite-share-save')).toBeEnabled()

  // A friend registers with the link: the page counts the direct invite.
  const link = await page.getByTestId('invite-link').textContent()
  expect(link).toContain(summary.code)
  await page.getByRole('button', { name: 'Close' }).click()
})

test('the VIP centre shows the tier, benefits table, progress and the leaderboard toggle', async ({
  page,
}) => {
  const user = await registerByApi(page.request, 'vip')
  await signIn(page, user.token)
  await page.goto('./#/pages/mine/index')
  const vipLink = page.getByRole('link', { name: /VIP centre/ })
  await expect(vipLink).toContainText('Mining level 0')
  await vipLink.click()
  await expect(page.getByTestId('vip-tier')).toHaveText('Regular')
  const benefits = page.getByTestId('vip-benefits')
  await expect(benefits.getByRole('row')).toHaveCount(4)
  await expect(benefits).toContainText('Gold')
  await expect(benefits).toContainText('300,000')
  await expect(benefits).toContainText('20%')
  await expect(page.getByTestId('vip-next')).toContainText('300,000.00 USDT more to Gold')
  await expect(page.getByRole('progressbar')).toBeVisible()
  await expect(page.getByTestId('mining-level')).toHaveText('0')
  await expect(page.getByText('No snapshot yet', { exact: false })).toBeVisible()

  const hide = page.getByRole('switch', { name: 'Hide me from the leaderboard' })
  await expect(hide).not.toBeChecked()
  await hide.click()
  await expect(hide).toBeChecked()
  await expect
    .poll(
      async () =>
        (await apiCall<{ hideLeaderboard: boolean }>(page.request, 'get', 'invite/prefs', {}, user.token))
          .hideLeaderboard,
    )
    .toBe(true)
})

test('operators see the tiers and ranks in the console and grant a partner rank', async ({ page }) => {
  const opToken = await readyOperator(page.request, 'invite.ops')
  const user = await registerByApi(page.request, 'partner')
  const me = await apiCall<{ id: string }>(page.request, 'get', 'user/getUserInfo', {}, user.token)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, opToken)
  await page.goto('./#/admin/invite')
  await expect(page.getByRole('heading', { name: 'Invitation and VIP' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'VIP tiers' })).toContainText('3,000,000')
  await expect(page.getByRole('table', { name: 'Ranks and rebate shares' })).toContainText('40%')
  const form = page.getByRole('form', { name: 'Grant a partner rank' })
  await form.getByLabel('User id').fill(me.id)
  await form.getByLabel('Rank').selectOption('partner2')
  await form.getByLabel('Reason').fill('Regional partner agreement')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('table', { name: 'Partners' })).toContainText(me.id)
  await expect(page.getByRole('table', { name: 'Partners' })).toContainText('Partner level 2')
  const summary = await apiCall<{ rank: string; share: string }>(
    page.request,
    'get',
    'invite/summary',
    {},
    user.token,
  )
  expect(summary).toMatchObject({ rank: 'partner2', share: '0.35' })
})
