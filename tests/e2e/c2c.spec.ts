import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
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

/** A registered user whose identity an operator approved (fiat C2C needs it). */
async function verifiedUser(req: APIRequestContext, opToken: string, prefix: string, name: string) {
  const u = await registerByApi(req, prefix)
  await submitIdentity(req, u.token, name)
  await approveIdentity(req, opToken, u.token)
  return u
}

test('a seller publishes an ad, a buyer orders, they chat, the buyer pays and the seller releases', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  const opToken = await readyOperator(page.request, 'c2c.ops')
  const buyer = await verifiedUser(page.request, opToken, 'c2cb', 'Tom Buyer')
  // The seller's identity is still under review: the app says what C2C needs before any form.
  const seller = await registerByApi(page.request, 'c2cs')
  await submitIdentity(page.request, seller.token, 'Mei Seller')
  await depositUsdt(page.request, opToken, seller.token, '100')
  await signIn(page, seller.token)
  await page.goto('./#/pages/transaction/publish')
  const notice = page.getByTestId('identity-required')
  await expect(notice).toContainText('C2C trading needs identity verification approved by our team.')
  await expect(notice).toContainText('Your verification is under review.')
  await expect(page.getByTestId('c2c-ad-submit')).toHaveCount(0)
  await notice.getByRole('link', { name: 'Verify identity' }).click()
  await expect(page).toHaveURL(/#\/pages\/mine\/advanced-verify/)
  const status = page.getByRole('main').getByRole('status')
  await expect(status).toContainText('Under review')
  await approveIdentity(page.request, opToken, seller.token)
  await expect(status).toContainText('Verified')

  // Approved: the seller binds a bank card in the verified name and publishes a sell ad.
  await page.goto('./#/pages/transaction/payment')
  await page.getByTestId('c2c-pay-add').click()
  const sheet = page.getByTestId('c2c-payment-sheet')
  await expect(sheet.getByLabel('Name')).toHaveValue('Mei Seller')
  await sheet.getByLabel('Bank', { exact: true }).fill('Harbor Bank')
  await sheet.getByLabel('Branch').fill('Taipei Main')
  await sheet.getByLabel('Card number').fill('6222000011112222')
  await sheet.getByTestId('c2c-pay-submit').click()
  await expect(page.getByTestId('c2c-payment-item')).toContainText('6222000011112222')
  await page.goto('./#/pages/transaction/publish')
  await page.getByTestId('c2c-ad-fiat').click()
  await page.getByTestId('c2c-ad-fiat-sheet').getByRole('radio', { name: 'HKD', exact: true }).click()
  await expect(page.getByTestId('c2c-ad-fiat')).toHaveAttribute('data-value', 'HKD')
  await page.getByLabel('Price (HKD)').fill('7.8')
  await page.getByLabel('Total quantity (USDT)').fill('50')
  await page.getByLabel('Min per order (HKD)').fill('10')
  await page.getByLabel('Max per order (HKD)').fill('390')
  await page.getByTestId('c2c-ad-submit').click()
  await expect(page).toHaveURL(/#\/pages\/transaction\/ads/)
  await expect(page.getByTestId('c2c-my-ad')).toContainText('50 / 50')

  // The buyer, in another browser context, finds the ad and opens an order by amount.
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  const bp = await ctx.newPage()
  await signIn(bp, buyer.token)
  await bp.goto('./#/pages/transaction/index')
  await bp.getByTestId('c2c-fiat').click()
  await bp.getByTestId('c2c-fiat-sheet').getByRole('radio', { name: 'HKD', exact: true }).click()
  await expect(bp.getByTestId('c2c-fiat')).toHaveAttribute('data-value', 'HKD')
  const ad = bp.getByTestId('c2c-ad').filter({ hasText: '7.8' }).first()
  await expect(ad).toBeVisible()
  await ad.getByTestId('c2c-take').click()
  await bp.getByTestId('c2c-order-value').fill('78')
  await bp.getByTestId('c2c-order-submit').click()
  await expect(bp).toHaveURL(/#\/pages\/transaction\/order\?id=/)
  await expect(bp.getByTestId('c2c-status')).toHaveText('Waiting for payment')
  await expect(bp.getByTestId('c2c-amount')).toHaveText('78 HKD')
  await expect(bp.getByTestId('c2c-payment')).toContainText('Harbor Bank')
  const orderUrl = bp.url()
  const id = /id=(?:%22)?(\d+)/.exec(orderUrl)?.[1] as string

  // They chat. The seller's page has read the order but its live subscription is held back, as
  // on a slow network; the buyer's first message is published while nobody listens for the
  // seller, and still shows once the subscription goes through. Then messages arrive live.
  let release = () => {}
  const released = new Promise<void>((r) => {
    release = r
  })
  await page.routeWebSocket(/socket\.io/, (ws) => {
    const server = ws.connectToServer()
    ws.onMessage((m) => {
      if (typeof m === 'string' && m.includes('["sub","user"]')) void released.then(() => server.send(m))
      else server.send(m)
    })
  })
  await page.goto(`./#/pages/transaction/order?id=${id}`)
  await page.reload()
  await expect(page.getByTestId('c2c-status')).toHaveText('Waiting for payment')
  await bp.getByTestId('c2c-chat-input').fill('Hello, paying by bank now')
  await bp.getByTestId('c2c-chat-send').click()
  await expect(bp.getByTestId('c2c-chat')).toContainText('Hello, paying by bank now')
  await expect(page.getByTestId('c2c-chat')).not.toContainText('Hello, paying by bank now')
  release()
  await expect(page.getByTestId('c2c-chat')).toContainText('Hello, paying by bank now')
  await page.getByTestId('c2c-chat-input').fill('OK, I will check')
  await page.getByTestId('c2c-chat-send').click()
  await expect(bp.getByTestId('c2c-chat')).toContainText('OK, I will check')

  // The buyer pays; the seller sees it and releases.
  await bp.getByTestId('c2c-paid').click()
  await expect(bp.getByTestId('c2c-status')).toHaveText('Paid, waiting for release')
  await expect(page.getByTestId('c2c-status')).toHaveText('Paid, waiting for release')
  await page.getByTestId('c2c-release').click()
  await page.getByTestId('c2c-release-confirm').click()
  await expect(page.getByTestId('c2c-status')).toHaveText('Completed')
  await expect(bp.getByTestId('c2c-status')).toHaveText('Completed')
  await expect(bp.getByTestId('c2c-chat')).toContainText('The seller has released the coins')
  const bal = await apiCall<{ list: { coin: string; available: string }[] }>(
    page.request,
    'get',
    'assets/balances',
    { account: 'funding' },
    buyer.token,
  )
  expect(bal.list.find((b) => b.coin === 'USDT')?.available).toBe('10')

  // A second order: paid, but the seller says nothing arrived -> appeal -> the operator decides.
  const o2 = await apiCall<{ id: string }>(
    page.request,
    'post',
    'c2c/order/create',
    {
      adId: (await apiCall<{ id: string }[]>(page.request, 'get', 'c2c/my-ads', {}, seller.token))[0]?.id,
      amount: '39',
    },
    buyer.token,
  )
  await apiCall(page.request, 'post', 'c2c/order/paid', { id: o2.id }, buyer.token)
  await page.goto(`./#/pages/transaction/order?id=${o2.id}`)
  await expect(page.getByTestId('c2c-status')).toHaveText('Paid, waiting for release')
  await page.getByTestId('c2c-not-received').click()
  await page.getByTestId('c2c-appeal-content').fill('No transfer of 39 HKD in my bank account')
  await page.getByTestId('c2c-appeal-submit').click()
  await expect(page.getByTestId('c2c-status')).toHaveText('Appealed')
  await expect(page.getByTestId('c2c-appeal')).toContainText('Appeal by the seller')

  const console = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await signIn(console, opToken)
  await console.goto('./#/admin/c2c')
  await expect(console.getByRole('heading', { name: 'C2C' })).toBeVisible()
  await console.getByRole('row').filter({ hasText: '39 HKD' }).first().getByTestId('c2c-admin-open').click()
  const detail = console.getByTestId('c2c-admin-detail')
  await expect(detail).toContainText('No transfer of 39 HKD')
  await expect(detail.getByTestId('c2c-admin-chat')).toContainText('An appeal was opened')
  await console.screenshot({ path: test.info().outputPath('c2c-console-appeal.png'), fullPage: true })
  await detail.getByRole('button', { name: 'Seller wins: return' }).click()
  await detail.getByLabel('Reason').fill('Bank statement shows no transfer')
  await detail.getByRole('button', { name: 'Return to the seller' }).click()
  await expect(detail).toBeHidden()
  await expect(page.getByTestId('c2c-status')).toHaveText('Closed')
  await expect(page.getByTestId('c2c-appeal')).toContainText('Decided for the seller')
  await ctx.close()
})
