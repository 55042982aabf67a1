import { expect, type Page, test } from '@playwright/test'
import type { Overview } from '../../common/assets/types'
import type { C2cAd } from '../../common/c2c/schema'
import { LANGUAGES } from '../../common/i18n/languages'
import { apiCall, registerByApi } from './helpers'

// Issue 34 item 19: C2C (a visitor's) and Assets are painted whole by the static shell, from the
// route's own catalog and the screen's early answer (scripts/vite-app-shell-paint.ts), so their
// largest text is the shell's and comes before the app's code.

/** The shell's parts only: the app's code is held back, the catalogs and the shell's painter come. */
const CATALOG_OR_PAINTER = new RegExp(
  `/assets/(shell-paint|(${LANGUAGES.map((l) => l.code).join('|')}))-[^/]+\\.js$`,
)
async function shellOnly(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (route) =>
    CATALOG_OR_PAINTER.test(route.request().url()) ? route.continue() : route.abort(),
  )
}

async function start(page: Page, lang: string, token?: string) {
  await page.addInitScript(
    ([l, t]) => {
      localStorage.setItem('lang', JSON.stringify(l))
      if (t) localStorage.setItem('token', JSON.stringify(t))
    },
    [lang, token ?? ''],
  )
}

/**
 * The largest paints the page saw, in order, with the element's CSS module class (the app's) or none
 * (the shell's): noted as they come, since the shell's elements are gone once the app has drawn.
 */
async function watchLargestPaint(page: Page) {
  await page.addInitScript(() => {
    const seen: { size: number; app: boolean; text: string }[] = []
    ;(window as unknown as { __lcp: typeof seen }).__lcp = seen
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null })[])
        seen.push({
          size: e.size,
          app: /(^|\s)_/.test(e.element?.className.toString() ?? ''),
          text: e.element?.textContent ?? '',
        })
    }).observe({ type: 'largest-contentful-paint', buffered: true })
  })
}
const largestPaints = (page: Page) =>
  page.evaluate(() => (window as unknown as { __lcp: { size: number; app: boolean; text: string }[] }).__lcp)

/** The app's entry arrives late, as on a slow link: the shell has painted when the app draws. */
async function lateApp(page: Page) {
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1_500))
    await route.continue()
  })
}

test('before the app code arrives, a visitor sees C2C whole: filters, quick buy and the first ads, in the stored language', async ({
  page,
  request,
}) => {
  const ads = await apiCall<C2cAd[]>(request, 'get', 'c2c/ads', { side: 'sell', coin: 'USDT', fiat: 'CNY' })
  expect(ads.length).toBeGreaterThan(0)
  await shellOnly(page)
  await start(page, 'de')
  await page.goto('./#/pages/transaction/index')
  const view = page.locator('.sh-v')
  await expect(view.locator('.sh-ct').first()).toHaveText('KaufenVerkaufen')
  await expect(view.locator('.sh-cf')).toContainText('Nur Händler')
  await expect(view.locator('.sh-cc > b')).toHaveText('USDT schnell kaufen')
  await expect(view.locator('.sh-cc small')).toHaveText(
    'Die Anzeige mit dem besten Preis, die zu Ihrem Betrag passt, wird für Sie gewählt.',
  )
  // The ads of the early answer, as the app draws them (German separators, badges, payment kinds).
  const first = view.locator('li').first()
  await expect(first.locator('b')).toContainText(ads[0]?.advertiser.nickname ?? '')
  await expect(first.locator('p span')).toHaveText(/^\d+(,\d+)? CNY$/)
  await expect(first.locator('dd').last()).toHaveText(/^[\d.]+(,\d+)? - [\d.]+(,\d+)? CNY$/)
  // The skeleton is gone.
  await expect(page.locator('.sh-card').first()).toBeHidden()
})

test('C2C: the shell paints the largest text, the app lands on it at the same size, and the ads are asked for once', async ({
  page,
}) => {
  const asked: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/c2c/ads')) asked.push(r.url())
  })
  await watchLargestPaint(page)
  await lateApp(page)
  await start(page, 'tw')
  await page.goto('./#/pages/transaction/index')
  await expect(page.getByTestId('c2c-ad').first()).toBeVisible({ timeout: 15_000 })
  const paints = await largestPaints(page)
  expect(paints.at(-1)?.app, JSON.stringify(paints)).toBe(false)
  // The app took the shell's answer (src/lib/http/prefetched.ts) instead of asking again.
  expect(asked).toHaveLength(1)
})

test('before the app code arrives, Assets shows the total, the line under it and the accounts from the early answer', async ({
  page,
  request,
}) => {
  const { token } = await registerByApi(request, 'shellview')
  const overview = await apiCall<Overview>(request, 'get', 'assets/overview', undefined, token)
  await shellOnly(page)
  await start(page, 'de', token)
  await page.goto('./#/pages/assets/index')
  const hero = page.locator('.sh-ah')
  await expect(hero.locator('div span')).toHaveText('Gesamtvermögen (USDT)')
  await expect(hero.locator('b')).toHaveText('0,00')
  await expect(page.locator('.sh-ah > span').first()).toHaveText(
    `≈ 0,00 ${overview.display.currency} · 1 USDT wird als 1 USD gerechnet`,
  )
  await expect(page.locator('.sh-aa span')).toHaveText(['Einzahlen', 'Auszahlen', 'Übertragen', 'Tauschen'])
  const rows = page.locator('.sh-ag p')
  await expect(rows).toHaveCount(6)
  await expect(rows.first()).toHaveText('Finanzierungskonto0,00 USDT')
})

test('Assets: the shell paints the largest text and the app lands on it at the same size', async ({
  page,
  request,
}) => {
  const { token } = await registerByApi(request, 'shelllcp')
  await watchLargestPaint(page)
  await lateApp(page)
  await start(page, 'tw', token)
  await page.goto('./#/pages/assets/index')
  await expect(page.getByTestId('total-usdt')).toHaveText('0.00', { timeout: 15_000 })
  const paints = await largestPaints(page)
  expect(paints.at(-1)?.app, JSON.stringify(paints)).toBe(false)
  expect(paints.at(-1)?.text).toContain('1 USDT')
})
