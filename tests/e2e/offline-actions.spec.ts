import { expect, test } from '@playwright/test'
import { apiCall, registerByApi } from './helpers'

const TRON_OUT = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'
const OFFLINE = 'You are offline — this needs a connection'

test('offline, a change says it needs a connection and sends nothing; back online it works', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000)
  const token = (await registerByApi(page.request, 'offline')).token
  await page.addInitScript((tk) => {
    localStorage.setItem('lang', JSON.stringify('en'))
    localStorage.setItem('token', JSON.stringify(tk))
  }, token)
  const saves: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/assets/address-book/save')) saves.push(r.method())
  })

  await page.goto('./#/pages/assets/my-wallet')
  await expect(page.getByText('No data')).toBeVisible()
  await page.getByRole('link', { name: 'Add' }).click()
  await expect(page.getByRole('heading', { name: 'Add address' })).toBeVisible()
  await page.getByLabel('Address', { exact: true }).fill(TRON_OUT)
  await page.getByLabel('Remark').fill('Cold wallet')

  await context.setOffline(true)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible()
  await expect(page.getByText('error reload！')).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('offline-action.png') })
  // Still on the form with what was typed; nothing went out.
  await expect(page.getByLabel('Remark')).toHaveValue('Cold wallet')
  expect(saves).toEqual([])

  await context.setOffline(false)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('list', { name: 'Saved addresses' }).getByText('Cold wallet')).toBeVisible()
  expect(saves).toEqual(['POST'])
  // Saved once: nothing was queued while offline.
  const book = await apiCall<{ list: { address: string }[] }>(
    page.request,
    'get',
    'assets/address-book',
    {},
    token,
  )
  expect(book.list.map((e) => e.address)).toEqual([TRON_OUT])
})
