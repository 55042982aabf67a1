import { expect, type Page, test } from '@playwright/test'
import { LANGUAGES } from '../../common/i18n/languages'
import { registerByForm } from './helpers'

async function setLang(page: Page, code: string) {
  await page.addInitScript((c) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', JSON.stringify(c))
  }, code)
}

test('a new visitor gets the app in Traditional Chinese and light theme', async ({ page }) => {
  await page.goto('./')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  const nav = page.getByRole('navigation')
  await expect(nav.getByRole('link', { name: '首頁' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Open Exchange')
  // Live markets on the home page.
  await expect(page.getByRole('listitem').filter({ hasText: 'BTC/USDT' }).first()).toBeVisible()
  await page.screenshot({ path: 'test-results/home-tw-light.png' })
})

test('language choice applies at once and survives a reload', async ({ page }) => {
  await page.goto('./#/pages/mine/index')
  await page.getByRole('link', { name: /語言/ }).click()
  await expect(page).toHaveURL(/#\/pages\/mine\/language-set/)
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('heading', { name: 'Mine' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Mine' })).toBeVisible()
  await expect(page.getByRole('link', { name: /Language/ })).toContainText('English')
  // Requests carry the chosen language.
  const req = page.waitForRequest((r) => r.url().includes('/api/'))
  await page.evaluate(() =>
    fetch('./api/health', { headers: { lang: JSON.parse(localStorage.getItem('lang') ?? '""') } }),
  )
  expect((await req).headers().lang).toBe('en')
})

test('dark theme switches the design tokens and survives a reload', async ({ page }) => {
  await setLang(page, 'en')
  await page.goto('./#/pages/mine/index')
  const bgBefore = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  await page.getByRole('switch', { name: 'Dark mode' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  const bgAfter = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  expect(bgAfter).not.toBe(bgBefore)
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(page.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f1216')
  await page.screenshot({ path: 'test-results/mine-en-dark.png' })
})

test('every one of the 15 languages renders translated navigation', async ({ page }) => {
  const seen = new Set<string>()
  for (const lang of LANGUAGES) {
    await page.evaluate((c) => localStorage.setItem('lang', JSON.stringify(c)), lang.code).catch(() => {})
    await page.goto(`./?l=${lang.code}#/pages/mine/index`)
    await page.evaluate((c) => localStorage.setItem('lang', JSON.stringify(c)), lang.code)
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', lang.bcp47)
    const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
    expect(title.length).toBeGreaterThan(0)
    if (lang.code !== 'en') expect(title, lang.code).not.toBe('Mine')
    // The tab bar's five labels: one language may share a word with another, never all five.
    const tabs = (await page.getByRole('navigation').last().textContent())?.trim() ?? ''
    seen.add(`${title}|${tabs}`)
  }
  expect(seen.size).toBe(LANGUAGES.length)
})

test('after one visit the shell starts offline', async ({ page, context }) => {
  await setLang(page, 'en')
  await page.goto('./')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'BTC/USDT' }).first()).toBeVisible()
  // The public market lists are persisted (throttled) for offline use.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('query-cache') ?? ''), { timeout: 10_000 })
    .toContain('floor')
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
      )
    }
    return reg.active?.state
  })
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Open Exchange' })).toBeVisible()
  // Market lists were persisted: the home shows them offline.
  await expect(page.getByRole('listitem').filter({ hasText: 'BTC/USDT' }).first()).toBeVisible()
  await page.getByRole('link', { name: 'Mine' }).click()
  await expect(page.getByRole('heading', { name: 'Mine' })).toBeVisible()
  await context.setOffline(false)
})

test('a signed-in user who opens login or register lands on Mine; adding an account still opens login', async ({
  page,
}) => {
  await setLang(page, 'en')
  await registerByForm(page, 'guard')
  await page.goto('./#/pages/login/index')
  await expect(page).toHaveURL(/#\/pages\/mine\/index/)
  await page.goto('./#/pages/reg/index')
  await expect(page).toHaveURL(/#\/pages\/mine\/index/)
  await page.goto('./#/pages/login/index?add=1')
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
})

test('an unknown route shows a way back home', async ({ page }) => {
  await setLang(page, 'en')
  await page.goto('./#/pages/nowhere/index')
  await expect(page.getByText('This page does not exist.')).toBeVisible()
  // Never stranded: a header with a back button and the tab bar are there too.
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(page.getByRole('heading', { name: 'Open Exchange' })).toBeVisible()
})

test('a visitor gets the sign-up call on home; wide screens keep the navigation as a column on every page', async ({
  page,
}) => {
  await setLang(page, 'en')
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('./')
  const welcome = page.getByRole('region', { name: 'Welcome' })
  await expect(welcome.getByRole('link', { name: 'Register' })).toHaveAttribute('href', /pages\/reg\/index/)
  await expect(welcome.getByRole('link', { name: 'Log in' })).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  const box = await nav.boundingBox()
  // A column at the left, not a bar along the bottom.
  expect(box && box.height > box.width && box.x < 200).toBe(true)
  // Also on a page that is no tab, where phones show no bar.
  await page.goto('./#/pages/article/notice')
  await expect(nav).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(nav).toBeHidden()
})

test('an address change while the app is still starting is followed (a tap on the static shell)', async ({
  page,
}) => {
  // The quote screen's code arrives late, as on a slow network: the app is past its router's start
  // and still waiting for the first screen when the person taps "Log in" on the painted shell.
  await page.route(/\/assets\/QuotePage-[^/]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 2_500))
    await route.continue()
  })
  const entry = page.waitForResponse(/\/assets\/index-[^/]+\.js$/)
  await page.goto('./#/pages/market/quote?symbol=BTCUSDT', { waitUntil: 'commit' })
  await (await entry).finished()
  await page.waitForFunction(() => document.querySelector('script[type="module"]') !== null)
  await page.waitForTimeout(300)
  await page.evaluate(() => {
    location.hash = '#/pages/login/index'
  })
  await expect(page.locator('input[type="password"]')).toBeVisible({ timeout: 15_000 })
  await expect(page).toHaveURL(/#\/pages\/login\/index$/)
  // It stays there once the late quote code has arrived.
  await page.waitForTimeout(3_000)
  await expect(page.locator('input[type="password"]')).toBeVisible()
  await expect(page).toHaveURL(/#\/pages\/login\/index$/)
})

test('before the app code arrives, the shell shows the market rows and the quote price from the early answers', async ({
  page,
}) => {
  // No app code at all, as on a slow link in its first second: only index.html and its fetches.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
  await page.addInitScript(() => localStorage.setItem('lang', JSON.stringify('de')))
  await page.goto('./#/pages/market/market')
  const rows = page.locator('.sh-rows li')
  await expect(rows.first()).toBeVisible()
  expect(await rows.count()).toBeGreaterThan(5)
  // German words and separators, as the app then writes them: "Vol. 1.234", "90.356,32", "-0,07 %".
  // The figures are the pair's own trades here (issue 36): "--" before its first trade.
  await expect(rows.first()).toContainText('BTC/USDT')
  await expect(rows.first().locator('small')).toHaveText(/^Vol\. \d{1,3}(\.\d{3})*$/)
  await expect(rows.first().locator('em')).toHaveText(/^(\d{1,3}(\.\d{3})*,\d{2}|--)$/)
  await expect(rows.first().locator('u')).toHaveText(/^([+-]?\d+,\d{2}\u00a0%|--)$/)
  await expect(page.locator('.sh-head h1')).toHaveText('Märkte')
  // The shell asked for the app's code and this route's chunks at once (they fail here, blocked).
  await expect(page.locator('link[rel="modulepreload"][href*="/vendor-"]')).toHaveCount(1)
  expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(15)

  await page.goto('./#/pages/market/quote?symbol=ETHUSDT')
  await page.reload()
  const summary = page.locator('.sh-sum')
  await expect(summary.locator('small')).toHaveText('Ethereum')
  await expect(summary.locator('b')).toHaveText(/^(\d{1,3}(\.\d{3})*,\d{2}|--)$/)
})

test('before the app code arrives, the trade, C2C and Assets screens paint their own shell in the stored language', async ({
  page,
}) => {
  // Issue 34 item 19: the perpetual and option tickets, C2C and Assets get the static shell spot had.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
  await page.addInitScript(() => localStorage.setItem('lang', JSON.stringify('de')))
  await page.goto('./#/pages/trade/trade-leverage?symbol=ETHUSDT_PERP')
  await expect(page.locator('.sh-pair b')).toHaveText('ETH/USDT Perp')
  await expect(page.locator('.sh-modes span').nth(1)).toHaveCSS('font-weight', '700')
  // The ticket's largest text, the cross-margin note, is painted where the app draws it.
  await expect(page.locator('.sh-pmain p')).toHaveText(
    'Cross-Margin: Ihr gesamtes Kontraktguthaben sichert alle Positionen.',
  )
  // Its chunks come with the entry.
  await expect(page.locator('link[rel="modulepreload"][href*="/trade-leverage-"]')).toHaveCount(1)

  await page.goto('./#/pages/trade/trade-option')
  await page.reload()
  await expect(page.locator('.sh-pair b')).toHaveText('BTC/USDT')
  await expect(page.locator('.sh-modes span').nth(2)).toHaveCSS('font-weight', '700')
  await expect(page.locator('.sh-oprice small')).toHaveText('Indexpreis')
  await expect(page.locator('.sh-oprice b')).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}$/)

  await page.goto('./#/pages/transaction/index')
  await page.reload()
  await expect(page.locator('.sh-head h1')).toHaveText('C2C')
  // The route's own component chunk (src/routes/pages/transaction/[index].tsx) comes with the entry.
  await expect(page.locator('link[rel="modulepreload"][href*="/_index_-"]')).toHaveCount(1)

  await page.goto('./#/pages/assets/index')
  await page.reload()
  await expect(page.locator('.sh-head h1')).toHaveText('Vermögen')
})
