import { expect, type Page, test } from '@playwright/test'
import { registerByApi } from './helpers'

/**
 * Every screen holds in the longest languages at a phone's width: nothing scrolls the page
 * sideways, no text spills out of its box or is cut without an ellipsis, nothing sits past the
 * right edge (except inside a strip that scrolls by design).
 */
const ROUTES = [
  'pages/home/index',
  'pages/market/market',
  'pages/market/quote?symbol=BTCUSDT',
  'pages/trade/trade-spot',
  'pages/trade/trade-leverage',
  'pages/trade/trade-option',
  'pages/trade/funding-rate',
  'pages/trade/risk-fund',
  'pages/trade/klinechart?symbol=BTCUSDT',
  'pages/assets/index',
  'pages/assets/my-assets',
  'pages/assets/recharge-currency',
  'pages/assets/recharge?coin=USDT',
  'pages/assets/withdraw?coin=USDT',
  'pages/assets/transfer',
  'pages/assets/exchange',
  'pages/assets/account-record',
  'pages/assets/withdraw-record',
  'pages/assets/sport-record',
  'pages/assets/trade-record',
  'pages/assets/leverage-record',
  'pages/assets/option-record',
  'pages/history/index',
  'pages/etfs/index',
  'pages/financial/index',
  'pages/financial/record',
  'pages/buycoin/index',
  'pages/loan/index',
  'pages/loan/record',
  'pages/loan/rule',
  'pages/mine/index',
  'pages/mine/security',
  'pages/mine/account-set',
  'pages/mine/language-set',
  'pages/mine/notify-settings',
  'pages/mine/price-alerts',
  'pages/mine/sessions',
  'pages/mine/advanced-verify',
  'pages/mine/password-manage',
  'pages/mine/google-auth',
  'pages/mine/anti-phishing',
  'pages/article/news',
  'pages/article/help',
  'pages/article/notifications',
  'pages/service/home',
  'pages/work/index',
  'pages/work/add',
  'pages/common/menu',
]

async function problems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = []
    const root = document.documentElement
    const vw = root.clientWidth
    if (root.scrollWidth > vw + 1) out.push(`the page scrolls sideways (${root.scrollWidth} > ${vw} px)`)
    // Inside a strip that scrolls (tabs, tables) or a box that clips on purpose (the notice ticker).
    const contained = (el: Element | null, clipToo: boolean): boolean => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const ox = getComputedStyle(e).overflowX
        if (ox === 'auto' || ox === 'scroll' || (clipToo && (ox === 'hidden' || ox === 'clip'))) return true
      }
      return false
    }
    const name = (el: Element) => {
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : ''
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}> "${text}"`
    }
    for (const el of document.querySelectorAll('body *')) {
      if (!(el instanceof HTMLElement) || el.closest('[aria-hidden="true"]')) continue
      const cs = getComputedStyle(el)
      if (cs.display === 'none' || cs.visibility === 'hidden' || cs.display === 'contents') continue
      // Screen-reader-only text (.visually-hidden) is a 1 px box that clips on purpose.
      if (el.offsetWidth <= 1 && el.offsetHeight <= 1) continue
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())
      if (!ownText) continue
      if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && !contained(el.parentElement, false)) {
        const ox = cs.overflowX
        if (ox === 'visible')
          out.push(`text spills out of ${name(el)} (${el.scrollWidth} > ${el.clientWidth} px)`)
        else if ((ox === 'hidden' || ox === 'clip') && cs.textOverflow !== 'ellipsis')
          out.push(`text cut in ${name(el)} (${el.scrollWidth} > ${el.clientWidth} px)`)
      }
      const r = el.getBoundingClientRect()
      if (r.width > 0 && r.right > vw + 1 && !contained(el.parentElement, true))
        out.push(`${name(el)} runs past the right edge`)
    }
    return [...new Set(out)]
  })
}

for (const lang of ['de', 'fin']) {
  test(`every screen holds in ${lang} at 390 px`, async ({ browser, request }) => {
    test.setTimeout(ROUTES.length * 8_000 + 30_000)
    const { token } = await registerByApi(request, `overflow-${lang}`)
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    await page.addInitScript(
      ([l, t]) => {
        localStorage.setItem('lang', JSON.stringify(l))
        localStorage.setItem('token', JSON.stringify(t))
      },
      [lang, token],
    )
    const found: string[] = []
    for (const route of ROUTES) {
      await page.goto(`./#/${route}`)
      await expect(page.getByRole('main')).toBeVisible()
      // Lists and numbers that arrive after the heading.
      await page.waitForLoadState('networkidle').catch(() => undefined)
      for (const p of await problems(page)) found.push(`${route}: ${p}`)
    }
    await page.close()
    expect(found).toEqual([])
  })
}
