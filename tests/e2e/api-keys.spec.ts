import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { totpAt } from '../../server/platform/verify/totp'
import { apiCall, english, PASSWORD, registerByApi } from './helpers'

// Issue 37: the security centre's API keys screen as a user meets it: create an HMAC key with the
// second factor (Google authenticator), see the secret once, find the key in the list, revoke it. Screenshots in tw, en
// and de, light and dark (390x844).

async function signIn(page: Page, token: string, lang: string, theme: string) {
  await page.addInitScript(
    ([tk, lg, th]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('lang', JSON.stringify(lg))
        localStorage.setItem('theme', JSON.stringify(th))
        localStorage.setItem('token', JSON.stringify(tk))
        sessionStorage.setItem('seeded', '1')
      }
    },
    [token, lang, theme],
  )
}

/**
 * Binds a Google authenticator through the user's endpoints (a fresh account has just used its
 * e-mail, whose next code waits a minute); returns the next step's code, which the key
 * management accepts once.
 */
async function bindGoogle(req: APIRequestContext, token: string): Promise<() => string> {
  const g = await apiCall<{ secret: string }>(req, 'get', 'user/getGoogleToken', undefined, token)
  await apiCall(
    req,
    'post',
    'user/bindGoogleToken',
    { googleCode: totpAt(g.secret, Date.now()), password: PASSWORD },
    token,
  )
  return () => totpAt(g.secret, Date.now() + 30_000)
}

test('a user creates an API key with the second factor, sees the secret once, and revokes it', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const u = await registerByApi(page.request, 'apikey')
  const nextCode = await bindGoogle(page.request, u.token)
  await english(page)
  await signIn(page, u.token, 'en', 'light')
  await page.goto('./#/pages/mine/security')
  await page.getByRole('link', { name: 'API keys' }).click()
  await expect(page).toHaveURL(/pages\/mine\/api-keys/)
  await expect(page.getByText('You have no API keys.')).toBeVisible()
  await page.getByTestId('api-key-new').click()
  await page.getByLabel('Name').fill('market maker')
  await page.getByTestId('api-key-scope-spot:trade').check()
  await page.getByLabel('Google authenticator code').fill(nextCode())
  await page.getByTestId('api-key-create').click()
  const secret = page.getByTestId('api-key-secret')
  await expect(secret).toHaveText(/^[0-9a-f]{64}$/)
  await page.getByRole('link', { name: 'Done' }).click()
  const item = page.getByTestId('api-key')
  await expect(item).toHaveCount(1)
  await expect(item).toContainText('market maker')
  await expect(item).toContainText('Spot trading')
  await expect(item).toContainText('Any address')
  // The list never shows the secret again.
  await expect(page.getByText(/[0-9a-f]{64}/)).toHaveCount(0)
  await item.getByRole('button', { name: 'Revoke' }).click()
  await page.getByTestId('confirm-ok').click()
  await expect(page.getByText('API key revoked')).toBeVisible()
  await expect(page.getByTestId('api-key')).toHaveCount(0)
})

for (const lang of ['tw', 'en', 'de'])
  for (const theme of ['light', 'dark'])
    test(`API keys screens in ${lang}, ${theme}`, async ({ page }) => {
      test.setTimeout(90_000)
      const u = await registerByApi(page.request, `apikey-${lang}-${theme}`)
      const nextCode = await bindGoogle(page.request, u.token)
      await apiCall(
        page.request,
        'post',
        'apikey/create',
        {
          label: 'Grid bot',
          type: 'hmac',
          scopes: ['spot:trade', 'contract:trade'],
          ips: ['203.0.113.7', '10.0.0.0/24'],
          googleCode: nextCode(),
        },
        u.token,
      )
      await signIn(page, u.token, lang, theme)
      await page.goto('./#/pages/mine/api-key-create')
      await expect(page.getByTestId('api-key-create')).toBeVisible()
      await page.getByTestId('api-key-scope-spot:trade').check()
      await page.getByTestId('api-key-scope-withdraw').check()
      await page.screenshot({ path: test.info().outputPath(`api-key-create-${lang}-${theme}.png`) })
      await page.goto('./#/pages/mine/api-keys')
      await expect(page.getByTestId('api-key')).toContainText('Grid bot')
      await page.screenshot({ path: test.info().outputPath(`api-keys-${lang}-${theme}.png`) })
    })
