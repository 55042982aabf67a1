import { type APIRequestContext, expect, test } from '@playwright/test'

const PASSWORD = 'Passw0rd!e2e'
const TRADE = '135790'
const TRON_OUT = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'
const OFFLINE = 'You are offline — this needs a connection'

async function call<T>(
  req: APIRequestContext,
  method: 'get' | 'post',
  url: string,
  body?: unknown,
  token?: string,
) {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined
  const res =
    method === 'get'
      ? await req.get(`./api/${url}`, { headers, params: body as Record<string, string> })
      : await req.post(`./api/${url}`, { headers, data: body ?? {} })
  const env = (await res.json()) as { code: number; msg: string; data: T }
  expect(env.code, `${url}: ${env.msg}`).toBe(200)
  return env.data
}

/** Registers through the real endpoints, reading the slider gap and the code from the dev helpers. */
async function register(req: APIRequestContext): Promise<string> {
  const email = `offline.${Date.now()}@example.com`
  const ch = await call<{ challengeId: string }>(req, 'post', 'sliderVerify')
  const { x } = await call<{ x: number }>(req, 'get', `dev/slider/${ch.challengeId}`)
  const { ticket } = await call<{ ticket: string }>(req, 'post', 'sliderVerify', {
    challengeId: ch.challengeId,
    x,
  })
  await call(req, 'post', 'user/register/sendEmailCode', { email, ticket })
  const outbox = await call<{ text: string }[]>(req, 'get', 'dev/outbox', { to: email })
  const code = /\b(\d{6})\b/.exec(outbox.at(-1)?.text ?? '')?.[1] ?? ''
  const r = await call<{ token: string }>(req, 'post', 'user/register', {
    type: 'email',
    email,
    code,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    tradePassword: TRADE,
    confirmTradePassword: TRADE,
    agree: true,
  })
  return r.token
}

test('offline, a change says it needs a connection and sends nothing; back online it works', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000)
  const token = await register(page.request)
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
  const book = await call<{ list: { address: string }[] }>(
    page.request,
    'get',
    'assets/address-book',
    {},
    token,
  )
  expect(book.list.map((e) => e.address)).toEqual([TRON_OUT])
})
