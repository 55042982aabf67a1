// Runs in the browser, not in Node. The C2C screen (a visitor's) and the Assets screen, painted whole
// by the static shell before the app has started, as src/features/c2c/TransactionPage.tsx (with
// TraderLine.tsx) and src/features/assets/AssetsPage.tsx draw them: same words, same figures from the
// same answer, the same boxes at the same places, so the app's page lands on them without a shift and
// its largest text is no larger than the shell's. The build emits this file as a chunk of its own
// (scripts/vite-app-shell.ts); index.html imports it on these two screens only, with the route's
// catalog and the screen's early answer, so none of it weighs on index.html, which must stay within
// the first ten TCP segments. It imports nothing (no shared chunk to wait for).
import type { Overview } from '@common/assets/types'
import type { C2cAd } from '@common/c2c/schema'

interface ShellViews {
  /** Per screen, the message ids of its words, by name and by a value of the answer. */
  views: Record<string, { ids: Record<string, string>; keyed: Record<string, string> }>
  coins: readonly string[]
  first: { coin: string; fiat: string }
}
/** A compiled Lingui catalog: a message is its text, or text and [name] places. */
type Messages = Record<string, string | (string | string[])[]>
/** The shell's figures in the language's separators (index.html): cut, or half up. */
type Digits = (v: string, dp: number, up: boolean) => { text: string }
type Esc = (x: unknown) => string
type Word = (k: string, vals?: Record<string, unknown>) => string

// Filled in by the build (scripts/vite-app-shell-views.ts).
declare const __SHELL_VIEWS__: ShellViews
const VIEWS: ShellViews = __SHELL_VIEWS__

// The classes and sizes of src/ui/Product.module.css, Chip, SelectSheet and CellList and of the two
// pages' own modules, in both themes (the app's global styles, border-box, are in the page already).
const CSS = `
.sh-v{--e:#fff;--p:#fff;--m:#eef0f3;--l:#e5e7eb;--t2:#4b5563;--t3:#5f6673;--b:#1f6feb;--bc:#fff;--h:#1f6feb}
html[data-theme=dark] .sh-v{--e:#171b21;--p:#0f1216;--m:#1f242c;--l:#262c35;--t2:#b4bcc8;--t3:#8b95a3;--b:#4493f8;--bc:#0b0d10;--h:#1b5cc4}
html[data-view] .sh-card{display:none}
.sh-v i,.sh-v em{font-style:normal}
.sh-v small,.sh-cp dt{font-size:12px;color:var(--t3);line-height:1.5}
.sh-v em{flex:none;padding:11px 16px;border-radius:8px;background:var(--b);color:var(--bc);font-weight:600;white-space:nowrap}
.sh-cp{display:flex;flex-direction:column;gap:12px;padding:12px}
.sh-ct,.sh-cf,.sh-cc div{display:flex;gap:8px;align-items:center}
.sh-ct span{padding:6px 14px;border-radius:999px;border:1px solid var(--l);background:var(--e);color:var(--t2);font-size:14px}
.sh-ct [data-on]{background:var(--b);border-color:var(--b);color:var(--bc);font-weight:600}
.sh-cf{flex-wrap:wrap}
.sh-cf>span{display:inline-flex;align-items:center;gap:6px}
.sh-cf b{display:flex;align-items:center;gap:8px;min-height:36px;padding:4px 10px;border:1px solid var(--l);border-radius:8px;background:var(--m);font-size:14px;font-weight:400}
.sh-cf>i{padding:6px 12px;border-radius:8px;border:1px solid var(--l);background:var(--p);font-size:14px}
.sh-cc,.sh-cp li{display:flex;flex-direction:column;gap:10px;padding:14px;border-radius:12px;border:1px solid var(--l);background:var(--e)}
.sh-cc>b{margin-top:4px}
.sh-cc span{flex:1 1 0;min-width:0;padding:8px;border-radius:8px;border:1px solid var(--l);color:#757575;white-space:nowrap;overflow:hidden}
.sh-cc em{opacity:.5}
.sh-cp ul{display:flex;flex-direction:column;gap:12px;margin:0;padding:0;list-style:none}
.sh-cp li>div{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:2px 8px}
.sh-cp li b{display:inline-flex;flex-wrap:wrap;align-items:center;gap:4px 8px;min-width:0;font-size:16px;overflow-wrap:anywhere}
.sh-cp li b i{padding:1px 6px;border-radius:8px;background:var(--b);color:var(--bc);font-size:11px}
.sh-cp p{display:flex;align-items:center;justify-content:space-between;gap:8px;margin:0}
.sh-cp p span{font-size:20px;font-weight:600}
.sh-cp p small{font-size:smaller;color:inherit;line-height:inherit}
.sh-cp dl{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:8px;margin:0}
.sh-cp dl div{display:flex;flex-direction:column;min-width:0}
.sh-cp dt{line-height:inherit}
.sh-cp dd{margin:2px 0 0;font:14px/1.45 ui-monospace,Menlo,monospace;overflow-wrap:anywhere}
.sh-ah{display:flex;flex-direction:column;gap:6px;margin:12px 12px 0;padding:16px;border-radius:12px;background:var(--h);color:#fff}
.sh-ah div{display:flex;align-items:center;justify-content:space-between;font-size:14px}
.sh-ah i{width:32px;height:32px}
.sh-ah b{font:700 28px/1.45 ui-monospace,Menlo,monospace;word-break:break-all}
.sh-ah>span{font-size:13px}
.sh-aa{display:grid;grid-template-columns:repeat(4,1fr);gap:8px;margin:12px 12px 0}
.sh-aa span{display:flex;flex-direction:column;align-items:center;gap:6px;padding:12px 4px;border-radius:12px;background:var(--e);font-size:13px;line-height:1.25;text-align:center;overflow-wrap:anywhere}
.sh-aa i{width:40px;height:40px;border-radius:50%;background:var(--m)}
.sh-v h2{margin:16px 16px 4px;font-size:15px;font-weight:600}
.sh-ag{margin:12px 12px 0;border-radius:12px;background:var(--e);overflow:hidden}
.sh-ag p{display:flex;align-items:center;gap:12px;min-height:52px;margin:0;padding:0 16px;border-bottom:1px solid var(--l)}
.sh-ag p:last-child{border:0}
.sh-ag span{flex:1}
.sh-ag small{font-size:14px;line-height:inherit}
.sh-ag i{width:16px}`

const CHEVRON =
  '<svg viewBox="0 0 24 24" width="16" height="16"><path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>'

/**
 * Paints the screen at `path` into the shell's box from its catalog's messages and its answer's data
 * (null when the answer failed: the figures show the app's dashes), in place of the skeleton. False
 * when the screen is not one of these.
 */
export function paint(
  path: string,
  box: Element,
  messages: Messages,
  data: unknown,
  digits: Digits,
  esc: Esc,
): boolean {
  const view = VIEWS.views[path]
  if (!view) return false
  const say: Word = (k, vals = {}) => {
    const m = messages[view.ids[k] ?? view.keyed[k] ?? ''] ?? k
    return typeof m === 'string' ? m : m.map((p) => (typeof p === 'string' ? p : vals[p[0] ?? ''])).join('')
  }
  const w: Word = (k, vals) => esc(say(k, vals))
  document.head.insertAdjacentHTML('beforeend', `<style>${CSS}</style>`)
  if (path === '/pages/assets/index') {
    const [html, sub] = assets(w, say, data as Overview | null, view.keyed, digits, esc)
    box.innerHTML = html
    // The line under the total in the pieces React writes it in, one text node each: the browser
    // sizes a text by its pieces, and one node came out 0.5 % smaller than the app's line, which
    // then counted as a larger paint.
    box.querySelector('.sh-ah>span')?.append(...sub)
  } else box.innerHTML = c2c(w, data as C2cAd[] | null, digits, esc)
  // The skeleton goes (the style above).
  document.documentElement.setAttribute('data-view', '')
  return true
}

/** An amount as the app's formatter writes it without fixed decimals ("20000.50" -> "20,000.5"). */
const plain = (digits: Digits, v: string) =>
  digits(v, (v.split('.')[1] ?? '').replace(/0+$/, '').length, false).text

/** TransactionPage: the visitor's first choices, quick buy and the first ads (TraderLine, the ad card). */
function c2c(w: Word, ads: C2cAd[] | null, digits: Digits, esc: Esc): string {
  const { coin, fiat } = VIEWS.first
  const amount = (v: string) => esc(plain(digits, v))
  const pick = (label: string, value: string) =>
    `<span><small>${label}</small><b>${value}${CHEVRON}</b></span>`
  let html = `<div class="sh-cp"><div class="sh-ct"><span data-on>${w('buy')}</span><span>${w('sell')}</span></div><div class="sh-ct">`
  for (const c of VIEWS.coins) html += `<span${c === coin ? ' data-on' : ''}>${c}</span>`
  html += `</div><div class="sh-cf">${pick(w('fiat'), fiat)}${pick(w('pay'), w('all'))}<i>${w('merchants')}</i></div>`
  html += `<div class="sh-cc"><b>${w('quick', { coin })}</b><div><span>${w('amountIn', { fiat })}</span><em>${w('buy')}</em></div><small>${w('best')}</small></div><ul>`
  // Those that can show on a phone's first screen.
  for (const ad of Array.isArray(ads) ? ads.slice(0, 4) : []) {
    const t = ad.advertiser
    const badges = (t.merchant ? `<i>${w('merchant')}</i>` : '') + (t.demo ? `<i>${w('example')}</i>` : '')
    html += `<li><div><b>${esc(t.nickname)}${badges}</b><small>${w('orders', { orders: t.orders30, rate: t.completion ?? '--' })}</small></div>`
    html += `<p><span>${amount(ad.price)} <small>${esc(ad.fiat)}</small></span>${ad.mine ? '' : `<em>${w('buy')}</em>`}</p>`
    html += `<dl><div><dt>${w('available')}</dt><dd>${amount(ad.remaining)} ${esc(ad.coin)}</dd></div>`
    html += `<div><dt>${w('limits')}</dt><dd>${amount(ad.minAmount)} - ${amount(ad.maxAmount)} ${esc(ad.fiat)}</dd></div></dl>`
    html += `<small>${ad.payKinds.map((k) => w(k)).join(' · ')}</small></li>`
  }
  return `${html}</ul></div>`
}

/**
 * AssetsPage: the total with an empty box for the line under it, the fund actions and the accounts;
 * and that line's pieces (AssetsPage's JSX children).
 */
function assets(
  w: Word,
  say: Word,
  o: Overview | null,
  accounts: Record<string, string>,
  digits: Digits,
  esc: Esc,
): [string, string[]] {
  // useMoney: the "hide balances" switch, dashes before the figures, two decimals cut.
  const hidden = localStorage.getItem('hideMoney') === 'true'
  const money = (v: string | null | undefined) =>
    hidden ? '****' : v == null ? '--' : digits(v, 2, false).text
  let html = `<section class="sh-ah"><div><span>${w('total')}</span><i></i></div><b>${esc(money(o?.totalUsdt))}</b><span></span>`
  const d = o?.display
  const sub = !d
    ? ['\u00a0']
    : d.total !== null
      ? ['≈ ', money(d.total), ' ', d.currency, ' · ', say('usd')]
      : [say('noPrice', { 0: d.currency })]
  if (o?.unpriced.length) html += `<span>${w('unpriced', { 0: o.unpriced.join(', ') })}</span>`
  html += '</section><nav class="sh-aa">'
  for (const k of ['deposit', 'withdraw', 'transfer', 'exchange']) html += `<span><i></i>${w(k)}</span>`
  html += `</nav><h2>${w('accounts')}</h2><div class="sh-ag">`
  const rows = o?.accounts ?? Object.keys(accounts).map((account) => ({ account, valueUsdt: null }))
  for (const a of rows)
    html += `<p><span>${w(a.account)}</span><small>${esc(money(a.valueUsdt))} USDT</small><i></i></p>`
  return [`${html}</div>`, sub]
}
