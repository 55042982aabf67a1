import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { totpAt } from '../../server/modules/auth/totp'
import { apiCall, registerByApi } from './helpers'

const OPERATOR_PASSWORD = 'Op3rat0r!e2e'
const TRON_DEPOSIT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'

/** A ready operator through the API: one-time password changed, Google authenticator bound. */
async function readyOperator(req: APIRequestContext): Promise<string> {
  const s = await apiCall<{ email: string; password: string }>(req, 'post', 'dev/staff', {
    email: `loan.ops.${Date.now()}@example.com`,
  })
  const first = await apiCall<{ token: string }>(req, 'post', 'user/login', {
    account: s.email,
    password: s.password,
  })
  await apiCall(
    req,
    'post',
    'safe/updatePassword',
    { oldPassword: s.password, password: OPERATOR_PASSWORD, confirmPassword: OPERATOR_PASSWORD },
    first.token,
  )
  const { token } = await apiCall<{ token: string }>(req, 'post', 'user/login', {
    account: s.email,
    password: OPERATOR_PASSWORD,
  })
  const g = await apiCall<{ secret: string }>(req, 'get', 'user/getGoogleToken', {}, token)
  await apiCall(
    req,
    'post',
    'user/bindGoogleToken',
    { googleCode: totpAt(g.secret, Date.now()), password: OPERATOR_PASSWORD },
    token,
  )
  return token
}

/** The user's own 20 USDT (for the interest), deposited with a voucher and credited as an operator would. */
async function deposit20(req: APIRequestContext, opToken: string, userToken: string) {
  await apiCall(
    req,
    'post',
    'admin/deposit-channels/save',
    {
      coin: 'USDT',
      chain: 'TRC20',
      address: TRON_DEPOSIT,
      minAmount: '10',
      confirmations: 20,
      enabled: true,
    },
    opToken,
  )
  const buffer = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#447799' } })
    .jpeg()
    .toBuffer()
  const res = await req.post('./api/uploadImage', {
    headers: { authorization: `Bearer ${userToken}` },
    multipart: { image: { name: 'v.jpg', mimeType: 'image/jpeg', buffer } },
  })
  const voucher = ((await res.json()) as { data: { id: string } }).data.id
  const d = await apiCall<{ id: string }>(
    req,
    'post',
    'assets/deposit',
    { coin: 'USDT', chain: 'TRC20', amount: '20', voucher },
    userToken,
  )
  await apiCall(req, 'post', 'dev/assets/credit-deposit', { depositId: d.id })
}

async function signIn(page: Page, token: string) {
  await page.addInitScript((tk) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', JSON.stringify('en'))
    localStorage.setItem('token', JSON.stringify(tk))
  }, token)
}

test('apply for a loan, an operator approves it in the console, the user sees the money and repays', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  const opToken = await readyOperator(page.request)
  const user = await registerByApi(page.request, 'loan')
  await deposit20(page.request, opToken, user.token)
  await signIn(page, user.token)

  // Products and the calculator.
  await page.goto('./#/pages/loan/index')
  await expect(page.getByRole('heading', { name: 'Loan' })).toBeVisible()
  const card = page.getByTestId('loan-product').filter({ hasText: '7 days' }).first()
  await expect(card).toContainText('0.1429%')
  await page.screenshot({ path: test.info().outputPath('loan-index.png') })
  await card.getByRole('button', { name: 'Borrow' }).click()
  const sheet = page.getByTestId('apply-sheet')
  await sheet.getByLabel('Amount (USDT)').fill('1000')
  await expect(sheet.getByTestId('calc-interest')).toHaveText('10 USDT')
  await expect(sheet.getByTestId('calc-total')).toHaveText('1,010 USDT')
  await sheet.getByLabel('Purpose').fill('Trading capital')
  await page.screenshot({ path: test.info().outputPath('loan-apply.png') })
  await sheet.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/#\/pages\/loan\/repayment\?id=/)
  await expect(page.getByTestId('loan-status')).toHaveText('Under review')

  // The operator approves in the console.
  const console = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await signIn(console, opToken)
  await console.goto('./#/admin/loans')
  await expect(console.getByRole('heading', { name: 'Loans' })).toBeVisible()
  const row = console.getByRole('row').filter({ hasText: user.email })
  await row.getByRole('button', { name: 'Review' }).click()
  const review = console.getByTestId('loan-review')
  await expect(review).toContainText('Trading capital')
  await expect(review.getByRole('table', { name: 'Balances' })).toContainText('20')
  await console.screenshot({ path: test.info().outputPath('loan-console-review.png'), fullPage: true })
  await review.getByRole('button', { name: 'Approve and pay out' }).click()
  await expect(review).toBeHidden()
  await console.getByRole('button', { name: 'Repaying' }).click()
  await expect(console.getByRole('row').filter({ hasText: user.email })).toContainText('1,010')
  await console.getByRole('button', { name: 'Loan book' }).click()
  await expect(console.getByRole('table', { name: 'Loan book' })).toContainText('USDT')

  // The user sees the money, locked against withdrawal, and repays it all.
  await page.reload()
  await expect(page.getByTestId('loan-status')).toHaveText('Repaying')
  await expect(page.getByTestId('loan-left')).toHaveText('1,010 USDT')
  const info = await apiCall<{ withdrawable: string }>(
    page.request,
    'get',
    'assets/withdraw/info',
    { coin: 'USDT' },
    user.token,
  )
  expect(info.withdrawable).toBe('10')
  await page.screenshot({ path: test.info().outputPath('loan-repayment.png'), fullPage: true })
  await page.getByRole('button', { name: 'All' }).click()
  await page.getByRole('button', { name: 'Repay', exact: true }).click()
  await expect(page.getByTestId('loan-status')).toHaveText('Repaid')
  await expect(page.getByTestId('loan-repaid')).toHaveText('1,010')
  const after = await apiCall<{ withdrawable: string }>(
    page.request,
    'get',
    'assets/withdraw/info',
    { coin: 'USDT' },
    user.token,
  )
  expect(after.withdrawable).toBe('10')

  await page.goto('./#/pages/loan/record')
  await expect(page.getByTestId('loan-list').getByTestId('loan-status')).toHaveText(['Repaid'])
  await page.goto('./#/pages/loan/rule')
  await expect(page.getByRole('heading', { name: 'Loan rules' })).toBeVisible()
  await console.close()
})
