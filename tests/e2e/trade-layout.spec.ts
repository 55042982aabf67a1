import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { apiCall, open, registerByApi, trackNetwork } from './helpers'

/**
 * Issue 34 items 5, 6, 10, 11, 13 and 14: the trade, records and options screens of a user with
 * balances, open orders, positions, closed positions and settled options, at a phone's width in
 * the two longest languages (de, fin), light and dark:
 * - nothing scrolls the page sideways;
 * - no text is cut: by a box that clips it, by an ellipsis, inside a field, or inside a strip that
 *   scrolls without showing that it does (the record tabs fade on the side with more);
 * - axe (WCAG 2 A and AA) finds nothing serious or critical.
 * Then what the screens say: figures in the reader's format, balances at the asset's display
 * precision, the cross-margin line, the Options entry of the Trade switch, the quote page's tab order.
 */

/** A screen: its route, and what to tap before checking (a testid), if anything. */
const SCREENS: { route: string; tap?: string[] }[] = [
  { route: 'pages/trade/trade-spot' },
  { route: 'pages/trade/trade-spot', tap: ['side-sell', 'type-market'] },
  { route: 'pages/trade/trade-leverage' },
  { route: 'pages/trade/trade-leverage', tap: ['side-short', 'type-market', 'tab-history'] },
  { route: 'pages/trade/trade-option' },
  { route: 'pages/assets/leverage-record' },
  { route: 'pages/assets/leverage-record?tab=positions' },
  { route: 'pages/assets/leverage-record?tab=liquidations' },
  { route: 'pages/assets/option-record' },
  { route: 'pages/assets/option-record', tap: ['option-proof'] },
]

/** Balances, a resting spot order and a fill, perpetual positions (one closed), settled options. */
async function setUp(req: APIRequestContext): Promise<string> {
  const { token } = await registerByApi(req, 'layout')
  const credit = (asset: string, amount: string, account: string) =>
    apiCall(req, 'post', 'dev/credit', { asset, amount, account }, token)
  // Six decimals of USDT: the ticket shows two (its display precision), not "24,884.501292".
  await credit('USDT', '24884.501292', 'spot')
  await credit('BTC', '0.01234567', 'spot')
  await credit('USDT', '5000.123456', 'contract')
  await credit('USDT', '1000', 'option')
  // The index: the spot market's own last price is null until it trades.
  const { index: last } = await apiCall<{ index: string }>(req, 'get', 'market/ticker', { symbol: 'BTCUSDT' })
  const post = (url: string, body: unknown) => apiCall(req, 'post', url, body, token)
  await post('spot/order/place', {
    symbol: 'BTCUSDT',
    side: 'buy',
    type: 'limit',
    price: (Number(last) * 0.8).toFixed(2),
    amount: '0.01',
  })
  await post('spot/order/place', { symbol: 'BTCUSDT', side: 'buy', type: 'market', quoteAmount: '123.45' })
  const perp = (body: Record<string, unknown>) => post('contract/order/place', { leverage: 10, ...body })
  await perp({ symbol: 'BTCUSDT_PERP', side: 'long', type: 'market', lots: '7', leverage: 20 })
  await perp({ symbol: 'ETHUSDT_PERP', side: 'short', type: 'market', lots: '3' })
  await post('contract/position/close', { symbol: 'ETHUSDT_PERP', side: 'short' })
  await perp({ symbol: 'ETHUSDT_PERP', side: 'short', type: 'market', lots: '2' })
  await perp({
    symbol: 'BTCUSDT_PERP',
    side: 'long',
    type: 'limit',
    lots: '1',
    price: (Number(last) * 0.9).toFixed(1),
  })
  // Up and down on one 30 s round (one of them wins unless the close is flat), then one that stays open.
  await post('option/order', { symbol: 'BTCUSDT', period: 30, type: 'up', amount: '50' })
  await post('option/order', { symbol: 'BTCUSDT', period: 30, type: 'down', amount: '50' })
  await expect
    .poll(
      async () =>
        (await apiCall<{ list: unknown[] }>(req, 'get', 'option/orders', { status: 'settled' }, token)).list
          .length,
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(2)
  await post('option/order', { symbol: 'BTCUSDT', period: 300, type: 'flat', amount: '20' })
  return token
}

/** Everything on the screen that cuts text or scrolls the page sideways, as readable lines. */
async function cutText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = []
    const root = document.documentElement
    const vw = root.clientWidth
    if (root.scrollWidth > vw + 1) out.push(`the page scrolls sideways (${root.scrollWidth} > ${vw} px)`)
    const name = (el: Element) => {
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : ''
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}>`
    }
    const shown = (el: Element) =>
      !el.closest('[aria-hidden="true"], .visually-hidden, script, style, svg') &&
      getComputedStyle(el).visibility !== 'hidden'
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim()
      const el = n.parentElement
      if (!text || !el || !shown(el)) continue
      const range = document.createRange()
      range.selectNodeContents(n)
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0)
      if (!rects.length) continue
      const box = {
        left: Math.min(...rects.map((r) => r.left)),
        right: Math.max(...rects.map((r) => r.right)),
        top: Math.min(...rects.map((r) => r.top)),
        bottom: Math.max(...rects.map((r) => r.bottom)),
      }
      const what = `"${text.slice(0, 40)}" in ${name(el)}`
      if (getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
        out.push(`${what} ends in an ellipsis`)
      let scrolled = false
      for (let a: Element | null = el; a && a !== document.body && a !== root; a = a.parentElement) {
        const s = getComputedStyle(a)
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue
        const b = a.getBoundingClientRect()
        const left = b.left + a.clientLeft
        const top = b.top + a.clientTop
        const cutX =
          s.overflowX !== 'visible' && (box.left < left - 1 || box.right > left + a.clientWidth + 1)
        const cutY = s.overflowY !== 'visible' && (box.top < top - 1 || box.bottom > top + a.clientHeight + 1)
        const scrollsX = s.overflowX === 'auto' || s.overflowX === 'scroll'
        const scrollsY = s.overflowY === 'auto' || s.overflowY === 'scroll'
        if (cutX && scrollsX) {
          scrolled = true
          // A strip that scrolls sideways must show it: its box fades the side with more.
          const side = box.right > left + a.clientWidth ? 'end' : 'start'
          if (!a.parentElement?.hasAttribute(`data-more-${side}`))
            out.push(`${what} hidden in ${name(a)}, which does not show that it scrolls`)
          break
        }
        if (cutY && scrollsY) {
          scrolled = true
          break
        }
        if (cutX || cutY) {
          out.push(`${what} cut by ${name(a)}`)
          break
        }
      }
      if (!scrolled && box.right > vw + 1) out.push(`${what} runs past the right edge`)
    }
    // Text inside fields: a value or placeholder wider than the field.
    const ctx = document.createElement('canvas').getContext('2d')
    for (const f of document.querySelectorAll<HTMLInputElement>(
      'input:not([type=radio]):not([type=range])',
    )) {
      const cs = getComputedStyle(f)
      const text = f.value || f.placeholder
      if (!ctx || !text || f.offsetWidth < 2 || !shown(f)) continue
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`
      const room = f.clientWidth - Number.parseFloat(cs.paddingLeft) - Number.parseFloat(cs.paddingRight)
      if (ctx.measureText(text).width > room + 1) out.push(`"${text}" does not fit its field ${name(f)}`)
    }
    return [...new Set(out)]
  })
}

async function axeSerious(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .setLegacyMode(true)
    .analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

let token = ''

test.beforeAll(async ({ playwright }, info) => {
  info.setTimeout(240_000)
  const req = await playwright.request.newContext({ baseURL: info.project.use.baseURL })
  token = await setUp(req)
  await req.dispose()
})

/** A signed-in page in a language and theme, the app started. */
async function signedIn(page: Page, lang: string, theme: 'light' | 'dark') {
  await page.addInitScript(
    ([l, th, tk]) => {
      localStorage.setItem('lang', JSON.stringify(l))
      localStorage.setItem('theme', JSON.stringify(th))
      localStorage.setItem('token', JSON.stringify(tk))
    },
    [lang, theme, token],
  )
  await page.addInitScript(trackNetwork)
  await page.goto('./#/pages/home/index')
}

for (const lang of ['de', 'fin']) {
  for (const theme of ['light', 'dark'] as const) {
    test(`trade, records and options screens hold in ${lang}, ${theme}, at 390 px`, async ({ page }) => {
      test.setTimeout(300_000)
      await signedIn(page, lang, theme)
      const found: string[] = []
      for (const { route, tap } of SCREENS) {
        await open(page, route)
        for (const id of tap ?? []) {
          await page.getByTestId(id).first().click()
          // The tapped state's data (another tab's list, a sheet's proof) has arrived.
          await page.waitForFunction(
            () => {
              const w = window as unknown as { __net: { n: number; t: number } }
              return w.__net.n === 0 && Date.now() - w.__net.t > 300
            },
            undefined,
            { timeout: 15_000 },
          )
        }
        const at = `${route}${tap ? ` (${tap.join(', ')})` : ''}`
        for (const p of await cutText(page)) found.push(`${at}: ${p}`)
        for (const v of await axeSerious(page)) found.push(`${at}: axe ${v}`)
      }
      expect(found).toEqual([])
    })
  }
}

test('what the trade screens say, in German', async ({ page }) => {
  test.setTimeout(180_000)
  await signedIn(page, 'de', 'light')

  // Spot: USDT at two decimals (its display precision), never the balance's six; the switch
  // leads to options, which the Trade tab covers too.
  await open(page, 'pages/trade/trade-spot')
  const { quote } = await apiCall<{ quote: { available: string } }>(
    page.request,
    'get',
    'spot/balance',
    { symbol: 'BTCUSDT' },
    token,
  )
  // "24038.621292" -> "24.038,62": truncated to two decimals, German grouping and decimal sign.
  const [int = '', frac = ''] = quote.available.split('.')
  const de = `${int.replace(/\B(?=(\d{3})+$)/g, '.')},${frac.padEnd(2, '0').slice(0, 2)}`
  await expect(page.getByTestId('available')).toHaveText(`${de} USDT`)
  await page.getByTestId('to-options').click()
  await expect(page).toHaveURL(/trade-option\?symbol=BTCUSDT/)
  const tabs = page.getByRole('navigation', { name: 'Hauptnavigation' })
  await expect(tabs.getByRole('link', { name: 'Handeln' })).toHaveAttribute('aria-current', 'page')

  // Options: rates as percentages, what a win adds after the fee (in the win colour).
  await expect(page.getByTestId('period-30')).toContainText('%')
  await page.getByTestId('option-amount').fill('50')
  const win = page.getByTestId('win-up')
  await expect(win).toHaveText(/^\+\d+,\d\d$/)
  await expect(win).toHaveAttribute('data-trend', 'up')
  const open1 = page.getByTestId('option-open-price').first()
  await expect(open1).toHaveText(/^(--|\d{1,3}(\.\d{3})*,\d\d)$/)

  // Records and the round's proof: prices in the reader's format, the pair in its one form.
  await open(page, 'pages/assets/option-record')
  const record = page.getByTestId('option-record').last()
  await expect(record).toContainText(/Eröffnungspreis\s*\d{1,3}(\.\d{3})*,\d\d/)
  await expect(record).not.toContainText(/\d{5}\.\d/)
  await record.getByTestId('option-proof').click()
  const proof = page.getByTestId('option-proof-sheet')
  await expect(proof).toContainText('BTC/USDT')
  await expect(proof).not.toContainText('BTCUSDT')
  await expect(proof).toContainText(/±\d+,\d\d/)

  // The perpetual ticket says what backs the positions, and the risk rate.
  await open(page, 'pages/trade/trade-leverage')
  await expect(page.getByTestId('cross-note')).toContainText('gesamtes Kontraktguthaben')
  await expect(page.getByTestId('risk-rate')).toHaveText(/^Risikoquote \d+(,\d+)?\s%$/)
  await expect(page.getByTestId('available')).toHaveText(/^\d{1,3}(\.\d{3})*,\d\d USDT$/)

  // Contract records: the five tabs scroll, the hidden side fades, the chosen tab is in view;
  // position history prices at the instrument's precision, as on the position card.
  await open(page, 'pages/assets/leverage-record?tab=positions')
  const strip = page.getByRole('navigation', { name: 'Kontrakthistorie' })
  await expect(strip.locator('..')).toHaveAttribute('data-more-end', '')
  await expect(page.getByTestId('list-positions')).toContainText(
    /Ø Eröffnungspreis\s*\d{1,3}(\.\d{3})*,\d\d(?!\d)/,
  )
  await page.getByTestId('records-liquidations').click()
  await expect(page).toHaveURL(/tab=liquidations/)
  const last = await page.getByTestId('records-liquidations').boundingBox()
  expect((last?.x ?? 0) + (last?.width ?? 0)).toBeLessThanOrEqual(390)
  await expect(strip.locator('..')).toHaveAttribute('data-more-start', '')
})

test('the quote page keeps the natural tab order (no tabindex above 0)', async ({ page }) => {
  test.setTimeout(120_000)
  await signedIn(page, 'de', 'dark')
  await open(page, 'pages/market/quote?symbol=BTCUSDT')
  await expect(page.locator('[data-ready="true"]')).toBeVisible({ timeout: 30_000 })
  expect(
    await page
      .locator('[tabindex]')
      .evaluateAll((els) => els.filter((e) => (e as HTMLElement).tabIndex > 0).length),
  ).toBe(0)
  const { violations } = await new AxeBuilder({ page }).withRules(['tabindex']).analyze()
  expect(violations.map((v) => v.id)).toEqual([])
})
