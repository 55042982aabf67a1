import { expect, type Page, test } from '@playwright/test'
import {
  apiCall,
  approveIdentity,
  depositUsdt,
  readyOperator,
  registerByApi,
  submitIdentity,
} from './helpers'

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
  const opToken = await readyOperator(page.request, 'loan.ops')
  const user = await registerByApi(page.request, 'loan')
  await depositUsdt(page.request, opToken, user.token, '20')
  await signIn(page, user.token)

  // Products; without approved identity the page says what loans need before any form.
  await page.goto('./#/pages/loan/index')
  await expect(page.getByRole('heading', { name: 'Loan' })).toBeVisible()
  await expect(page.getByTestId('identity-required')).toContainText(
    'Loans need identity verification approved by our team.',
  )
  const card = page.getByTestId('loan-product').filter({ hasText: '7 days' }).first()
  await expect(card).toContainText('0.1429%')
  await card.getByRole('button', { name: 'Borrow' }).click()
  const sheet = page.getByTestId('apply-sheet')
  await expect(sheet.getByTestId('identity-required')).toContainText('Submit your details and ID photos')
  await expect(sheet.getByTestId('loan-submit')).toHaveCount(0)
  await sheet.getByRole('button', { name: 'Close' }).click()

  // Identity submitted and approved by an operator: the calculator and the form.
  await submitIdentity(page.request, user.token, 'Jun Park')
  await approveIdentity(page.request, opToken, user.token)
  await page.reload()
  await expect(page.getByTestId('loan-product').first()).toBeVisible()
  await expect(page.getByTestId('identity-required')).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('loan-index.png') })
  await card.getByRole('button', { name: 'Borrow' }).click()
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
