import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { totpAt } from '../../../server/platform/verify/totp'
import { codeSentTo, english, solveSlider } from '../helpers'

const PASSWORD = 'Passw0rd!e2e'
const NEW_PASSWORD = 'N3wPassw0rd!'

const photo = (color: string) =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: color } })
    .jpeg()
    .toBuffer()

test('register by e-mail, bind Google, log in through the second check, verify identity, change password', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await english(page)
  const email = `e2e.${Date.now()}@example.com`

  // Register.
  await page.goto('./#/pages/reg/index')
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Send code' }).click()
  await solveSlider(page)
  await page.getByLabel('Verification code').fill(await codeSentTo(page, email))
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  await page.getByLabel('Trade password', { exact: true }).fill('246810')
  await page.getByLabel('Confirm trade password').fill('246810')
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Register' }).last().click()
  await expect(page).toHaveURL(/#\/pages\/mine\/index/)
  // A neutral nickname ("User 7F3A2C"), never the e-mail's local part (issue 34 item 9).
  const settings = page.getByRole('link', { name: 'Account settings' }).first()
  await expect(settings).toContainText(/User [0-9A-F]{6}/)
  await expect(settings).not.toContainText(email.split('@')[0] as string)

  // Bind Google authenticator with a code computed here.
  await page.goto('./#/pages/mine/google-auth')
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? ''
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await page.getByLabel('Google authenticator code').fill(totpAt(secret, Date.now()))
  await page.getByLabel('Login password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Bind' }).click()
  await expect(page.getByRole('button', { name: 'Unbind' })).toBeVisible()

  // Log out.
  await page.goto('./#/pages/mine/account-set')
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/#\/pages\/login\/index/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('null')

  // Log in: the server asks for the Google code (1021), the app completes it.
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible()
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('heading', { name: 'Security check' })).toBeVisible()
  await page.getByLabel('Google authenticator code').fill(totpAt(secret, Date.now() + 30_000))
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page).toHaveURL(/#\/pages\/mine\/index/)

  // Identity: basic, then three photos -> under review.
  await page.goto('./#/pages/mine/advanced-verify')
  await page.getByTestId('country-select').click()
  const countries = page.getByTestId('country-select-sheet')
  await countries.getByRole('searchbox').fill('United States')
  await countries
    .getByRole('radio', { name: /United States$/ })
    .first()
    .click()
  await expect(page.getByTestId('country-select')).toHaveAttribute('data-value', 'US')
  await page.getByLabel('Real name').fill('Jane Roe')
  await page.getByLabel('ID number').fill('P12345678')
  await page.getByRole('button', { name: 'Submit' }).click()
  await page
    .getByLabel('Front of the document')
    .setInputFiles({ name: 'f.jpg', mimeType: 'image/jpeg', buffer: await photo('#336699') })
  await page
    .getByLabel('Back of the document')
    .setInputFiles({ name: 'b.jpg', mimeType: 'image/jpeg', buffer: await photo('#996633') })
  await page
    .getByLabel('Holding the document')
    .setInputFiles({ name: 'h.jpg', mimeType: 'image/jpeg', buffer: await photo('#669933') })
  await expect(page.locator('form img')).toHaveCount(3)
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Under review' })).toBeVisible()
  await page.screenshot({ path: 'test-results/accounts-verify-en.png' })

  // Change the password: the old session ends at once.
  const oldToken = JSON.parse((await page.evaluate(() => localStorage.getItem('token'))) ?? 'null') as string
  await page.goto('./#/pages/mine/password-manage')
  await page.getByLabel('Current password').fill(PASSWORD)
  await page.getByLabel('New password').fill(NEW_PASSWORD)
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page).toHaveURL(/#\/pages\/login\/index/)
  const res = await page.request.get('./api/user/getUserInfo', {
    headers: { authorization: `Bearer ${oldToken}` },
  })
  expect((await res.json()).code).toBe(1003)
})

test('visitors see log-in and register on Mine; account pages send them to login', async ({ page }) => {
  await english(page)
  await page.goto('./#/pages/mine/index')
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Register' })).toBeVisible()
  await page.goto('./#/pages/mine/security')
  await expect(page).toHaveURL(/#\/pages\/login\/index/)
  await page.goto('./#/pages/login/login')
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
})
