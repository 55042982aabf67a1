import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { totpAt } from '../../server/platform/verify/totp'

const USER_PASSWORD = 'Passw0rd!e2e'
const OPERATOR_PASSWORD = 'Op3rat0r!e2e'

async function english(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', JSON.stringify('en'))
  })
}

async function body<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const json = (await res.json()) as { code: number; msg: string; data: T }
  expect(json.code, json.msg).toBe(200)
  return json.data
}

/** Registers a user through the API (slider and e-mail code read from the development paths). */
async function registerUser(request: APIRequestContext): Promise<{ email: string; token: string }> {
  const email = `e2e.user.${Date.now()}@example.com`
  const ch = await body<{ challengeId: string }>(await request.post('./api/sliderVerify', { data: {} }))
  const { x } = await body<{ x: number }>(await request.get(`./api/dev/slider/${ch.challengeId}`))
  const { ticket } = await body<{ ticket: string }>(
    await request.post('./api/sliderVerify', { data: { challengeId: ch.challengeId, x } }),
  )
  await body(await request.post('./api/user/register/sendEmailCode', { data: { email, ticket } }))
  const outbox = await body<{ text: string }[]>(
    await request.get(`./api/dev/outbox?to=${encodeURIComponent(email)}`),
  )
  const code = /\b(\d{6})\b/.exec(outbox.at(-1)?.text ?? '')?.[1]
  const reg = await body<{ token: string }>(
    await request.post('./api/user/register', {
      data: {
        type: 'email',
        email,
        code,
        password: USER_PASSWORD,
        confirmPassword: USER_PASSWORD,
        tradePassword: '246810',
        confirmTradePassword: '246810',
        agree: true,
      },
    }),
  )
  return { email, token: reg.token }
}

/** Basic details and three photos through the user's own endpoints: the identity is then pending. */
async function submitIdentity(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` }
  await body(
    await request.post('./api/user/identity/basic', {
      headers,
      data: { nationality: 'US', realName: 'Jane Roe', idNumber: 'P12345678' },
    }),
  )
  const ids: string[] = []
  for (const color of ['#336699', '#996633', '#669933']) {
    const buffer = await sharp({ create: { width: 640, height: 400, channels: 3, background: color } })
      .jpeg()
      .toBuffer()
    const up = await body<{ id: string }>(
      await request.post('./api/uploadImage', {
        headers,
        multipart: { image: { name: 'p.jpg', mimeType: 'image/jpeg', buffer } },
      }),
    )
    ids.push(up.id)
  }
  await body(
    await request.post('./api/user/identity/advanced', {
      headers,
      data: { front: ids[0], back: ids[1], hand: ids[2] },
    }),
  )
}

async function appLogin(page: Page, email: string, password: string) {
  // `add=1`: the page may still hold the token that the password change just ended, and a
  // signed-in user opening plain login is sent to Mine.
  await page.goto('./#/pages/login/index?add=1')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/**
 * An operator as the issue describes: created with a one-time password (what `npm run operator --
 * create` does), logs in through the app, changes the password and binds Google authenticator when
 * the console asks, then logs in again through the Google check.
 */
async function readyOperator(page: Page, request: APIRequestContext) {
  // An operator account with a one-time password (what `npm run operator -- create` does).
  const opEmail = `e2e.operator.${Date.now()}@example.com`
  const created = await body<{ password: string }>(
    await request.post('./api/dev/staff', { data: { email: opEmail } }),
  )

  // Logs in through the app; the console asks to change the password and bind Google first.
  await appLogin(page, opEmail, created.password)
  await expect(page).toHaveURL(/#\/pages\/mine\/index/)
  await page.goto('./#/admin')
  await expect(page.getByRole('heading', { name: 'Finish setting up your operator account' })).toBeVisible()
  await page.getByRole('link', { name: 'Change your one-time password' }).click()
  await page.getByLabel('Current password').fill(created.password)
  await page.getByLabel('New password').fill(OPERATOR_PASSWORD)
  await page.getByLabel('Confirm password').fill(OPERATOR_PASSWORD)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page).toHaveURL(/#\/pages\/login\/index/)
  await appLogin(page, opEmail, OPERATOR_PASSWORD)
  await expect(page).toHaveURL(/#\/pages\/mine\/index/)

  await page.goto('./#/admin')
  await page.getByRole('link', { name: /Bind Google authenticator/ }).click()
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? ''
  await page.getByLabel('Google authenticator code').fill(totpAt(secret, Date.now()))
  await page.getByLabel('Login password').fill(OPERATOR_PASSWORD)
  await page.getByRole('button', { name: 'Bind' }).click()
  await expect(page.getByRole('button', { name: 'Unbind' })).toBeVisible()

  // From now on the operator's login asks for the Google code (second factor).
  await page.evaluate(() => localStorage.setItem('token', 'null'))
  await appLogin(page, opEmail, OPERATOR_PASSWORD)
  await expect(page.getByRole('heading', { name: 'Security check' })).toBeVisible()
  await page.getByLabel('Google authenticator code').fill(totpAt(secret, Date.now() + 30_000))
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page).toHaveURL(/#\/pages\/mine\/index/)
}

test('an operator sets up the account, approves an identity, and the user sees it verified', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  await english(page)

  // A user whose advanced verification waits for review.
  const user = await registerUser(request)
  await submitIdentity(request, user.token)

  // A user opening the console sees "not allowed".
  const userPage = await browser.newPage({ viewport: { width: 390, height: 844 } })
  await english(userPage)
  await userPage.addInitScript((token) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', JSON.stringify(token))
      sessionStorage.setItem('seeded', '1')
    }
  }, user.token)
  await userPage.goto('./#/admin')
  await expect(userPage.getByRole('heading', { name: 'Not allowed' })).toBeVisible()

  await readyOperator(page, request)

  // The console: overview count, then the identity queue.
  await page.goto('./#/admin')
  await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible()
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Identity review' })
    .click()
  const card = page.getByRole('listitem', { name: 'Jane Roe' }).filter({ hasText: user.email })
  await expect(card).toBeVisible()
  await expect(card.getByRole('img', { name: 'Front of the ID' })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('admin-identity.png') })
  await card.getByRole('button', { name: 'Approve' }).click()
  await expect(card).toBeHidden()

  // The user's own page now says verified.
  await userPage.goto('./#/pages/mine/advanced-verify')
  await expect(userPage.getByRole('status').filter({ hasText: 'Verified' })).toBeVisible()

  // Freeze the user with a reason; the audit log shows both actions.
  await page.goto('./#/admin/users')
  await page.getByLabel('ID, UID, e-mail or phone').fill(user.email)
  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByRole('link', { name: user.email }).click()
  await expect(page.getByTestId('user-status')).toHaveText('Active')
  await page.getByRole('button', { name: 'Freeze' }).click()
  await page.getByLabel('Reason').fill('Chargeback investigation')
  await page.getByRole('button', { name: 'Confirm freeze' }).click()
  await expect(page.getByTestId('user-status')).toHaveText('Frozen')
  await page.screenshot({ path: test.info().outputPath('admin-user.png'), fullPage: true })

  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Audit log' })
    .click()
  await expect(page.getByRole('cell', { name: 'user.freeze' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'identity.approve' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Chargeback investigation' })).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: test.info().outputPath('admin-audit-desktop.png') })
  await userPage.close()
})

/** A user page signed in with a token issued through the API. */
async function userTab(browser: import('@playwright/test').Browser, token: string): Promise<Page> {
  const p = await browser.newPage({ viewport: { width: 390, height: 844 } })
  await english(p)
  await p.addInitScript((tk) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', JSON.stringify(tk))
      sessionStorage.setItem('seeded', '1')
    }
  }, token)
  return p
}

const TRON_DEPOSIT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
const TRON_OUT = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'

test('the operator opens a deposit address, credits a deposit with its voucher, rejects a withdrawal', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  await english(page)
  await readyOperator(page, request)
  const nav = page.getByRole('navigation', { name: 'Console sections' })

  // Deposit address for USDT on TRC20.
  await page.goto('./#/admin/channels')
  const channel = page.getByRole('listitem', { name: 'USDT TRC20' })
  await channel.getByLabel('Address').fill(TRON_DEPOSIT)
  await channel.getByRole('switch').click()
  await channel.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()

  // A user deposits 100 USDT with a voucher.
  const user = await registerUser(request)
  const headers = { authorization: `Bearer ${user.token}` }
  const buffer = await sharp({ create: { width: 320, height: 480, channels: 3, background: '#2266aa' } })
    .jpeg()
    .toBuffer()
  const voucher = await body<{ id: string }>(
    await request.post('./api/uploadImage', {
      headers,
      multipart: { image: { name: 'v.jpg', mimeType: 'image/jpeg', buffer } },
    }),
  )
  await body(
    await request.post('./api/assets/deposit', {
      headers,
      data: { coin: 'USDT', chain: 'TRC20', amount: '100', voucher: voucher.id },
    }),
  )

  // The operator sees it with the voucher and credits it.
  await nav.getByRole('link', { name: 'Deposits' }).click()
  const deposit = page.getByRole('listitem', { name: `USDT 100 ${user.email}` })
  await expect(deposit.getByRole('img', { name: 'Transfer voucher' })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('admin-deposits.png') })
  await expect(deposit.getByLabel('Amount received')).toHaveValue('100')
  await deposit.getByRole('button', { name: 'Credit' }).click()
  await expect(deposit).toBeHidden()

  // The user sees the balance.
  const userPage = await userTab(browser, user.token)
  await userPage.goto('./#/pages/assets/index')
  await expect(userPage.getByTestId('total-usdt')).toHaveText('100.00')

  // A withdrawal of 30 freezes funds; the operator rejects it and they come back.
  await body(
    await request.post('./api/assets/withdraw', {
      headers,
      data: { coin: 'USDT', chain: 'TRC20', address: TRON_OUT, amount: '30', tradePassword: '246810' },
    }),
  )
  const balance = async () =>
    (
      await body<{ list: { coin: string; available: string; frozen: string }[] }>(
        await request.get('./api/assets/balances?account=funding', { headers }),
      )
    ).list.find((b) => b.coin === 'USDT')
  expect(await balance()).toMatchObject({ available: '70', frozen: '30' })
  await nav.getByRole('link', { name: 'Withdrawals' }).click()
  const withdrawal = page.getByRole('listitem', { name: `USDT 30 ${user.email}` })
  await expect(withdrawal.getByText(TRON_OUT)).toBeVisible()
  await expect(withdrawal.getByText('To send')).toBeVisible()
  await expect(withdrawal.getByLabel('Transaction hash')).toHaveValue('')
  await expect(withdrawal.getByRole('button', { name: 'Mark as paid' })).toBeVisible()
  await withdrawal.getByRole('button', { name: 'Reject' }).click()
  await withdrawal.getByLabel('Reason').fill('Destination address flagged')
  await withdrawal.getByRole('button', { name: 'Confirm rejection' }).click()
  await expect(withdrawal).toBeHidden()
  expect(await balance()).toMatchObject({ available: '100', frozen: '0' })
  await userPage.goto('./#/pages/assets/withdraw-record')
  await expect(userPage.getByText('Destination address flagged', { exact: false })).toBeVisible()

  await nav.getByRole('link', { name: 'Audit log' }).click()
  await expect(page.getByRole('cell', { name: 'deposit.credit' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'withdrawal.reject' })).toBeVisible()
  await userPage.close()

  // Markets in the dark theme: suspend one, then resume it.
  await page.evaluate(() => localStorage.setItem('theme', JSON.stringify('dark')))
  await page.reload()
  await nav.getByRole('link', { name: 'Markets' }).click()
  const eth = page.getByRole('listitem', { name: 'ETHUSDT' })
  await eth.getByRole('button', { name: 'Suspend' }).click()
  await expect(eth.getByText('Suspended')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('admin-markets-dark.png') })
  await eth.getByRole('button', { name: 'Resume' }).click()
  await expect(eth.getByText('Trading')).toBeVisible()
})
