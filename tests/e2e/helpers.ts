import { type APIRequestContext, expect, type Page } from '@playwright/test'
import sharp from 'sharp'
import { totpAt } from '../../server/platform/verify/totp'

/** English for this page unless a test chose a language already. */
export async function english(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', JSON.stringify('en'))
  })
}

/** Solves the slider the way a person would: the dev-only endpoint tells where the gap is. */
export async function solveSlider(page: Page): Promise<void> {
  const range = page.getByRole('dialog').locator('input[type=range]')
  await expect(range).toBeVisible()
  const id = await range.getAttribute('data-challenge')
  const { x } = (await (await page.request.get(`./api/dev/slider/${id}`)).json()).data as { x: number }
  await range.fill(String(x))
  await page.getByRole('dialog').getByRole('button').last().click()
  await expect(page.getByRole('dialog')).toBeHidden()
}

/** The last 6-digit code the development outbox holds for a phone or e-mail. */
export async function codeSentTo(page: Page, to: string): Promise<string> {
  const url = `./api/dev/outbox?to=${encodeURIComponent(to)}`
  const read = async () => (await (await page.request.get(url)).json()).data as { text: string }[]
  await expect.poll(async () => (await read()).length).toBeGreaterThan(0)
  return /\b(\d{6})\b/.exec((await read()).at(-1)?.text ?? '')?.[1] ?? ''
}

export const PASSWORD = 'Passw0rd!e2e'
export const TRADE = '135790'

/** One API call with the envelope checked; `body` is the query of a GET. */
export async function apiCall<T>(
  req: APIRequestContext,
  method: 'get' | 'post',
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
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
export async function registerByApi(
  req: APIRequestContext,
  prefix: string,
): Promise<{ token: string; email: string }> {
  const email = `${prefix}.${Date.now()}@example.com`
  const ch = await apiCall<{ challengeId: string }>(req, 'post', 'sliderVerify')
  const { x } = await apiCall<{ x: number }>(req, 'get', `dev/slider/${ch.challengeId}`)
  const { ticket } = await apiCall<{ ticket: string }>(req, 'post', 'sliderVerify', {
    challengeId: ch.challengeId,
    x,
  })
  await apiCall(req, 'post', 'user/register/sendEmailCode', { email, ticket })
  const outbox = await apiCall<{ text: string }[]>(req, 'get', 'dev/outbox', { to: email })
  const code = /\b(\d{6})\b/.exec(outbox.at(-1)?.text ?? '')?.[1] ?? ''
  const r = await apiCall<{ token: string }>(req, 'post', 'user/register', {
    type: 'email',
    email,
    code,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    tradePassword: TRADE,
    confirmTradePassword: TRADE,
    agree: true,
  })
  return { token: r.token, email }
}

/** Registers through the form as a person would (which logs in and lands on Mine); returns the token. */
export async function registerByForm(page: Page, prefix: string): Promise<string> {
  const email = `${prefix}.${Date.now()}@example.com`
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
  return (await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null'))) as string
}

export const OPERATOR_PASSWORD = 'Op3rat0r!e2e'
/** A valid TRON address operators set as the platform's USDT deposit address in browser tests. */
export const TRON_DEPOSIT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'

/** A ready operator through the API (one-time password changed, Google authenticator bound); its token. */
export async function readyOperator(req: APIRequestContext, prefix = 'ops'): Promise<string> {
  const s = await apiCall<{ email: string; password: string }>(req, 'post', 'dev/staff', {
    email: `${prefix}.${Date.now()}@example.com`,
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

/** `amount` USDT into a user's funding account: a deposit with a voucher, credited as an operator would. */
export async function depositUsdt(
  req: APIRequestContext,
  opToken: string,
  userToken: string,
  amount: string,
) {
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
    { coin: 'USDT', chain: 'TRC20', amount, voucher },
    userToken,
  )
  await apiCall(req, 'post', 'dev/assets/credit-deposit', { depositId: d.id })
}

/**
 * Counts the page's requests so a screen is checked once its code and data have arrived. Install
 * it with `addInitScript(trackNetwork)` (it runs inside the page) before using `open`.
 */
export function trackNetwork() {
  const w = window as unknown as { __net: { n: number; t: number } }
  w.__net = { n: 0, t: Date.now() }
  const f = window.fetch.bind(window)
  window.fetch = (...args: Parameters<typeof fetch>) => {
    w.__net.n++
    w.__net.t = Date.now()
    return f(...args).finally(() => {
      w.__net.n--
      w.__net.t = Date.now()
    })
  }
  new PerformanceObserver(() => {
    w.__net.t = Date.now()
  }).observe({ type: 'resource' })
}

/** Opens a route inside the running app (a hash change) and waits until it has settled. */
export async function open(page: Page, route: string) {
  await page.evaluate((r) => {
    ;(window as unknown as { __net: { t: number } }).__net.t = Date.now()
    window.location.hash = `#/${r}`
  }, route)
  await expect(page).toHaveURL(new RegExp(`#/${route.split('?')[0]}`))
  // The router keeps the previous screen until the new one's code and loaders are done; it
  // exposes itself as __TSR_ROUTER__. Then the screen's own queries must have answered.
  await page.waitForFunction(() => {
    const w = window as unknown as {
      __net: { n: number; t: number }
      __TSR_ROUTER__?: {
        state: { status: string; location: { href: string }; resolvedLocation?: { href: string } }
      }
    }
    const s = w.__TSR_ROUTER__?.state
    return (
      s?.status === 'idle' &&
      s.resolvedLocation?.href === s.location.href &&
      w.__net.n === 0 &&
      Date.now() - w.__net.t > 250 &&
      !document.querySelector('[aria-busy="true"]') &&
      document.querySelector('main') !== null
    )
  })
}

/**
 * Identity verification through the user's own endpoints: basic details, then the three photos.
 * The identity is then under review (fiat C2C and loans wait for an operator's approval).
 */
export async function submitIdentity(
  req: APIRequestContext,
  token: string,
  realName: string,
  nationality = 'TW',
): Promise<void> {
  await apiCall(
    req,
    'post',
    'user/identity/basic',
    { nationality, realName, idNumber: `A${Date.now() % 1_000_000_000}` },
    token,
  )
  const ids: string[] = []
  for (const background of ['#336699', '#996633', '#669933']) {
    const buffer = await sharp({ create: { width: 320, height: 200, channels: 3, background } })
      .jpeg()
      .toBuffer()
    const res = await req.post('./api/uploadImage', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { image: { name: 'id.jpg', mimeType: 'image/jpeg', buffer } },
    })
    ids.push(((await res.json()) as { data: { id: string } }).data.id)
  }
  await apiCall(req, 'post', 'user/identity/advanced', { front: ids[0], back: ids[1], hand: ids[2] }, token)
}

/** An operator approves the user's identity under review, as the console's identity review does. */
export async function approveIdentity(req: APIRequestContext, opToken: string, userToken: string) {
  const me = await apiCall<{ id: string }>(req, 'get', 'user/getUserInfo', undefined, userToken)
  await apiCall(req, 'post', 'admin/identity/approve', { userId: me.id }, opToken)
}
