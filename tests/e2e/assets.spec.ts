import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { apiCall, readyOperator, registerByApi, TRADE, TRON_DEPOSIT } from './helpers'

const TRON_OUT = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'

/** A ready operator opens USDT deposits on TRC20 only. */
async function openUsdtTrc20(req: APIRequestContext) {
  const token = await readyOperator(req)
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
    token,
  )
}

async function signIn(page: Page, token: string) {
  await page.addInitScript((tk) => {
    localStorage.setItem('lang', JSON.stringify('en'))
    localStorage.setItem('token', JSON.stringify(tk))
  }, token)
}

test('deposit with proof, credited; transfer to spot; withdraw with fee; records', async ({ page }) => {
  test.setTimeout(120_000)
  await openUsdtTrc20(page.request)
  const user = await registerByApi(page.request, 'assets')
  await signIn(page, user.token)

  // The Assets tab.
  await page.goto('./#/pages/assets/index')
  await expect(page.getByRole('link', { name: 'Assets' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('total-usdt')).toHaveText('0.00')
  await page.screenshot({ path: test.info().outputPath('assets-index-empty.png') })

  // Deposit: coin picker, chain without a channel, then the operator's address with QR and copy.
  await page.getByRole('link', { name: 'Deposit' }).first().click()
  await page.getByRole('link', { name: /^USDT/ }).click()
  await expect(page.getByTestId('deposit-address')).toHaveText(TRON_DEPOSIT)
  await expect(page.getByRole('img', { name: 'QR code of the deposit address' })).toBeVisible()
  await expect(page.getByText('It needs 20 network confirmations', { exact: false })).toBeVisible()
  await page.getByRole('button', { name: 'ERC20' }).click()
  await expect(page.getByText('Deposits for this coin are not open')).toBeVisible()
  await page.getByRole('button', { name: 'TRC20' }).click()
  await page.getByLabel('Amount sent').fill('100')
  const proof = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer()
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'proof.jpg', mimeType: 'image/jpeg', buffer: proof })
  await expect(page.getByRole('img', { name: 'Payment proof' })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('assets-recharge.png'), fullPage: true })
  await page.getByRole('button', { name: 'I have sent it' }).click()
  const deposits = page.getByRole('list', { name: 'Deposit records' })
  await expect(deposits.getByText('Under review')).toBeVisible()

  // An operator credits it (dev route calling creditDeposit).
  const list = await apiCall<{ list: { id: string }[] }>(
    page.request,
    'get',
    'assets/deposits',
    {},
    user.token,
  )
  await apiCall(page.request, 'post', 'dev/assets/credit-deposit', { depositId: list.list[0]?.id })

  await page.goto('./#/pages/assets/index')
  await expect(page.getByTestId('total-usdt')).toHaveText('100.00')
  await page.screenshot({ path: test.info().outputPath('assets-index.png'), fullPage: true })

  // Transfer 30 USDT funding -> spot.
  await page.getByRole('link', { name: 'Transfer' }).first().click()
  await page.getByLabel('Amount').fill('30')
  await page.getByRole('button', { name: 'Confirm transfer' }).click()
  const transfers = page.getByRole('list', { name: 'Transfer records' })
  await expect(transfers.getByText('Funding account → Spot account')).toBeVisible()
  await expect(page.getByText('Available 70 USDT')).toBeVisible()

  // Withdraw 20 USDT on TRC20: fee 1 deducted, 19 arrive.
  await page.goto('./#/pages/assets/withdraw?coin=USDT')
  await page.getByLabel('Address', { exact: true }).fill(TRON_OUT)
  await page.getByLabel('Amount').fill('20')
  await expect(page.getByTestId('withdraw-fee')).toHaveText('1 USDT')
  await expect(page.getByTestId('withdraw-net')).toHaveText('19 USDT')
  await page.getByLabel('Trade password').fill(TRADE)
  await page.screenshot({ path: test.info().outputPath('assets-withdraw.png'), fullPage: true })
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click()
  await expect(page).toHaveURL(/withdraw-record/)
  const withdrawals = page.getByRole('list', { name: 'Withdrawal records' })
  await expect(withdrawals.getByText('Under review')).toBeVisible()
  await expect(withdrawals.getByText(TRON_OUT)).toBeVisible()

  // Bills with a reason filter.
  await page.goto('./#/pages/assets/account-record')
  // The type picker (a sheet) offers only the types this user has.
  await page.getByTestId('bill-type').click()
  await page.getByRole('radio', { name: 'Transfer' }).click()
  await expect(page.getByTestId('bill-type')).toHaveAttribute('data-value', 'transfer')
  const bills = page.getByRole('list', { name: 'Bills' })
  await expect(bills.getByRole('listitem')).toHaveCount(2)
  await expect(page.getByText('No more')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('assets-bills.png'), fullPage: true })

  // Address book: add an entry, then pick it on the withdraw page.
  await page.goto('./#/pages/assets/my-wallet')
  await expect(page.getByText('No data')).toBeVisible()
  await page.getByRole('link', { name: 'Add' }).click()
  await page.getByLabel('Address').fill(TRON_OUT)
  await page.getByLabel('Remark').fill('Cold wallet')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('list', { name: 'Saved addresses' }).getByText('Cold wallet')).toBeVisible()
  await page.getByRole('switch', { name: 'Withdraw only to address-book addresses' }).click()
  await expect(page.getByRole('switch', { name: 'Withdraw only to address-book addresses' })).toHaveAttribute(
    'aria-checked',
    'true',
  )
  await page.goto('./#/pages/assets/withdraw?coin=USDT')
  await expect(page.getByText('Address-book-only mode is on', { exact: false })).toBeVisible()
  await page.getByTestId('withdraw-book').click()
  await page.getByRole('radio', { name: /Cold wallet/ }).click()
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue(TRON_OUT)

  // Flash exchange USDT -> BTC at a quote from the index.
  await page.goto('./#/pages/assets/exchange')
  // The consultation block: the desk's service times.
  const consult = page.getByRole('region', { name: 'Consultation' })
  await expect(consult.getByRole('definition')).toHaveText([
    'Book 2 hours ahead',
    'Completes within 1 hour',
    'Within 3 hours',
    'Completes within 1 hour',
  ])
  await expect(consult.getByRole('term').first()).toHaveText('Bank-transfer exchange or withdrawal')
  await expect(page.getByTestId('exchange-from')).toHaveAttribute('data-value', 'USDT')
  await expect(page.getByTestId('exchange-to')).toHaveAttribute('data-value', 'BTC')
  await page.getByLabel('Amount').fill('10')
  await page.getByRole('button', { name: 'Get a quote' }).click()
  await expect(page.getByTestId('exchange-receive')).toContainText('BTC')
  await expect(page.getByText('0.2%')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('assets-exchange.png'), fullPage: true })
  await page.getByRole('button', { name: 'Confirm exchange' }).click()
  await expect(page.getByRole('list', { name: 'Exchange records' }).getByText('USDT → BTC')).toBeVisible()

  // Funding log.
  await page.goto('./#/pages/assets/legal-log')
  await expect(
    page.getByRole('list', { name: 'Funding account log' }).getByText('Flash exchange').first(),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByRole('list', { name: 'Funding account log' }).getByText('Deposit')).toBeVisible()

  // Hidden balances.
  await page.goto('./#/pages/assets/index')
  await page.getByRole('button', { name: 'Hide balances' }).click()
  await expect(page.getByTestId('total-usdt')).toHaveText('****')
  await page.getByRole('button', { name: 'Show balances' }).click()

  // Dark theme.
  await page.evaluate(() => localStorage.setItem('theme', JSON.stringify('dark')))
  await page.reload()
  await expect(page.getByTestId('total-usdt')).not.toHaveText('****')
  await page.screenshot({ path: test.info().outputPath('assets-index-dark.png'), fullPage: true })
  await page.goto('./#/pages/assets/exchange')
  await expect(page.getByRole('region', { name: 'Consultation' })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('assets-exchange-dark.png'), fullPage: true })
})
