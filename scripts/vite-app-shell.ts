import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { minifySync, type Plugin, type Rolldown } from 'vite'
import { DEFAULT_LANG, LANGUAGES } from '../common/i18n/languages'
import { numberSymbols } from '../common/i18n/number-symbols'
import { SYMBOL_RE } from '../common/market/schema'
import { QUOTES } from '../common/market/symbol'
import { areasFor } from '../src/app/catalog-areas'
import { TAB_PATHS } from '../src/app/shell/tab-paths'
import { PAINT_DATA, VIEW_ANSWERS, viewFiles } from './vite-app-shell-views'

// Tab labels, and the visitor panel of home (src/features/home/HomeHero.tsx): same words, same size.
const LABELS: Record<string, string> = {
  Home: 'Home',
  Markets: 'Markets',
  Trade: 'Trade',
  Assets: 'Assets',
  Mine: 'Mine',
  C2C: 'C2C',
  Spot: 'Spot',
  Perpetual: 'Perpetual',
  Options: 'Options',
  hero: 'Trade crypto on an exchange you can check',
  heroSub: 'Spot, perpetuals and options on one account. Every balance change is in your records.',
  Register: 'Register',
  'Log in': 'Log in',
  // The market list's rows (src/features/market/MarketListPage.tsx).
  vol: 'Vol {0}',
}

// Labels of an area catalog (locales/<area>/<code>.po): the perpetual ticket's pair, "BTC/USDT Perp"
// (src/features/contract/PositionCard.tsx usePerpName).
const AREA_LABELS: Record<string, [area: string, id: string]> = {
  perp: ['contract', '{0} Perp'],
  // The perpetual ticket's cross-margin note (OrderTicket.tsx), its largest text.
  crossNote: ['contract', 'Cross margin: your whole contract balance backs every position.'],
  // The option ticket's price label (TradeOptionPage.tsx).
  indexPrice: ['option', 'Index price'],
}

/** A message's translation in a .po catalog (the shell needs five; no parser dependency for that). */
function translation(po: string, id: string): string | undefined {
  const m = po.match(
    new RegExp(`\\nmsgid "${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\nmsgstr "((?:[^"\\\\]|\\\\.)*)"`),
  )
  return m?.[1] ? JSON.parse(`"${m[1]}"`) : undefined
}

/**
 * Fills the static shell's label table in index.html from the core catalogs, so the tab bar painted
 * before JavaScript speaks the stored language with the same words the app then renders.
 */
export function appShell(): Plugin[] {
  return [shellText(), shellPaint(), deferEntry()]
}

/** The painter of the screens the shell draws whole (C2C, Assets), in the browser. */
const PAINTER = fileURLToPath(new URL('./vite-app-shell-paint.ts', import.meta.url))

/**
 * Build only: the painter becomes a chunk of its own, with its words' message ids written in; the
 * shell imports it on those screens only (scripts/vite-app-shell-views.ts says why).
 */
function shellPaint(): Plugin {
  return {
    name: 'app-shell-paint',
    apply: 'build',
    buildStart(options) {
      // The app's build (index.html), not the service worker's.
      const input = options.input
      const inputs =
        typeof input === 'string' ? [input] : Array.isArray(input) ? input : Object.values(input ?? {})
      if (inputs.some((i) => i.endsWith('index.html')))
        this.emitFile({ type: 'chunk', id: PAINTER, name: 'shell-paint', preserveSignature: 'strict' })
    },
    transform: {
      order: 'pre',
      handler(code, id) {
        if (id !== PAINTER) return
        if (!code.includes('= __SHELL_VIEWS__')) throw new Error('app shell: no view slot in the painter')
        return code.replace('= __SHELL_VIEWS__', `= ${JSON.stringify(PAINT_DATA)}`)
      },
    },
  }
}

/**
 * Build only: takes the entry script and its modulepreloads out of the HTML and hands them to the
 * shell's inline script, which adds them after the shell's first frame (development keeps the tag).
 * Writes in the built names of what the head script imports for a screen painted whole.
 */
function deferEntry(): Plugin {
  return {
    name: 'app-shell-defer-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const entry = html.match(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/)
        if (!entry?.[1]) throw new Error('app shell: no entry script in index.html')
        // Real tags only: the shell's own script writes such a tag too, with "${href}" in it.
        const preload = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"$]+)">/g)]
        let out = html.replace(entry[0], '')
        for (const p of preload) out = out.replace(p[0], '')
        const first = preload.map((p) => p[1] ?? '')
        // The entry's dynamic imports are its start-up stages (src/main.tsx): preloaded with it, with
        // everything they import and their styles, so cutting start-up into tasks adds no round trip.
        if (ctx.bundle) first.push(...bootStages(ctx.bundle, first))
        const boot = JSON.stringify({
          entry: entry[1],
          preload: first,
          ...(ctx.bundle ? routePreloads(ctx.bundle, [entry[1], ...first]) : {}),
        })
        if (!out.includes("'__BOOT__'")) throw new Error('app shell: no boot slot in index.html')
        if (!out.includes("'__VIEW__'")) throw new Error('app shell: no view slot in index.html')
        const view = ctx.bundle ? JSON.stringify(viewFiles(ctx.bundle, PAINTER)) : "'__VIEW__'"
        return minifyScripts(out.replace("'__BOOT__'", boot).replace("'__VIEW__'", view))
      },
    },
  }
}

/**
 * The inline scripts without their comments and spaces (the source keeps them readable). The page
 * must arrive in the first ten TCP segments (14.6 KB with its 1.1 KB of headers) or the first paint
 * of every screen waits one more round trip: it was at 13.7 KB; minified it is about 12.9 KB.
 */
function minifyScripts(html: string): string {
  return html.replace(/<script>([\s\S]*?)<\/script>/g, (_, js: string) => {
    const out = minifySync('shell.js', js, { compress: true, mangle: true })
    if (out.errors.length) throw new Error(`app shell: ${out.errors[0]?.message}`)
    return `<script>${out.code.trim()}</script>`
  })
}

/** The chunks and styles the entry imports dynamically at start-up, beyond those already listed. */
function bootStages(bundle: Rolldown.OutputBundle, listed: string[]): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk')
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  // The page's entry (the shell's painter is an entry of its own).
  const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'))
  if (!entry?.dynamicImports.length) throw new Error('app shell: the entry has no start-up stages')
  // The entry itself and its styles are already in the page.
  const have = new Set([
    ...listed.map((f) => f.replace(/^\.\//, '')),
    entry.fileName,
    ...(entry.viteMetadata?.importedCss ?? []),
  ])
  const out: string[] = []
  const add = (file: string) => {
    if (have.has(file)) return false
    have.add(file)
    out.push(`./${file}`)
    return true
  }
  const walk = (chunk: Rolldown.OutputChunk) => {
    if (!add(chunk.fileName)) return
    for (const css of chunk.viteMetadata?.importedCss ?? []) add(css)
    for (const imp of chunk.imports) {
      const next = byName.get(imp)
      if (next) walk(next)
    }
  }
  for (const file of entry.dynamicImports) {
    const chunk = byName.get(file)
    if (chunk) walk(chunk)
  }
  return out
}

/**
 * What each user route needs before it can paint, beyond the entry: its component chunk with the
 * chunks and styles that imports, and the area catalogs of src/app/catalog-areas.ts in every
 * language. The shell's script preloads the current route's share together with the entry, so the
 * route's code and words arrive in parallel with the framework instead of one round trip after
 * another (entry -> catalog table -> catalog -> route chunk -> its imports).
 */
/** Where people land (the tabs, a shared quote, sign-up): the routes whose preloads the shell carries. */
const LANDING = [
  ...TAB_PATHS,
  '/pages/market/quote',
  '/pages/trade/klinechart',
  '/pages/transaction/index',
  '/pages/login/index',
  '/pages/reg/index',
]

function routePreloads(bundle: Rolldown.OutputBundle, loaded: string[]) {
  const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk')
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  const skip = new Set(loaded.map((f) => f.replace(/^\.\//, '')))
  const files: string[] = []
  // Without the assets/ prefix (shorter HTML): the shell adds it back.
  const index = (file: string) => {
    const name = file.replace(/^assets\//, '')
    const at = files.indexOf(name)
    return at >= 0 ? at : files.push(name) - 1
  }
  const routes: Record<string, { f: number[]; a: string[] }> = {}
  for (const c of chunks) {
    const m = c.facadeModuleId?.match(/\/src\/routes\/(pages\/[^?]+|index)\.tsx\?tsr-split=component/)
    if (!m?.[1]) continue
    const path = m[1] === 'index' ? '/' : `/${m[1].replace(/\[index\]/g, 'index')}`
    if (!LANDING.includes(path)) continue
    const need = new Set<string>()
    const walk = (chunk: Rolldown.OutputChunk) => {
      if (need.has(chunk.fileName) || skip.has(chunk.fileName)) return
      need.add(chunk.fileName)
      for (const css of chunk.viteMetadata?.importedCss ?? []) need.add(css)
      for (const imp of chunk.imports) {
        const next = byName.get(imp)
        if (next) walk(next)
      }
    }
    walk(c)
    routes[path] = { f: [...need].map(index), a: areasFor(path) }
  }
  const areas = new Set(Object.values(routes).flatMap((r) => r.a))
  const catalogs: Record<string, number> = {}
  let table = -1
  for (const c of chunks) {
    const id = c.facadeModuleId ?? ''
    // Area names may hold digits (c2c).
    const cat = id.match(/\/locales\/(?:([a-z0-9]+)\/)?([a-z]+)\.po$/)
    if (cat?.[2] && (!cat[1] || areas.has(cat[1])))
      catalogs[cat[1] ? `${cat[1]}/${cat[2]}` : cat[2]] = index(c.fileName)
    if (id.endsWith('/src/app/area-catalogs.ts')) table = index(c.fileName)
  }
  return { files, routes, catalogs, table }
}

function shellText(): Plugin {
  return {
    name: 'app-shell-text',
    transformIndexHtml(html) {
      const text: Record<string, Record<string, string>> = {}
      for (const { code } of LANGUAGES) {
        const po = fs.readFileSync(new URL(`../locales/${code}.po`, import.meta.url), 'utf8')
        text[code] = Object.fromEntries(
          Object.entries(LABELS).map(([key, id]) => {
            // A renamed message must not leave the shell saying something else than the app.
            if (!po.includes(`\nmsgid "${id}"\n`)) throw new Error(`app shell: "${id}" is not in ${code}.po`)
            return [key, translation(po, id) ?? id]
          }),
        )
        for (const [key, [area, id]] of Object.entries(AREA_LABELS)) {
          const po = fs.readFileSync(new URL(`../locales/${area}/${code}.po`, import.meta.url), 'utf8')
          if (!po.includes(`\nmsgid "${id}"\n`))
            throw new Error(`app shell: "${id}" is not in ${area}/${code}.po`)
          text[code][key] = translation(po, id) ?? id
        }
      }
      // Each language's separators and percent patterns, for the figures the shell draws.
      const num = Object.fromEntries(
        LANGUAGES.map(({ code, bcp47 }) => {
          const n = numberSymbols(bcp47)
          return [code, { group: n.group, decimal: n.decimal, min: n.minGroup, percent: n.percent }]
        }),
      )
      // The pages whose shell header carries their own title (a LABELS key).
      const titles = {
        '/pages/market/market': 'Markets',
        '/pages/transaction/index': 'C2C',
        '/pages/assets/index': 'Assets',
      }
      const table = { text, num, fallback: DEFAULT_LANG, quotes: QUOTES, symbol: SYMBOL_RE.source, titles }
      const head = {
        bcp47: Object.fromEntries(LANGUAGES.map((l) => [l.code, l.bcp47])),
        fallback: DEFAULT_LANG,
        tabs: TAB_PATHS,
        // The shell's parts per screen (index.html's CSS): the three trade screens share the ticket's
        // header, with their own mode chosen.
        trade: {
          '/pages/trade/trade-spot': 'spot',
          '/pages/trade/trade-leverage': 'perp',
          '/pages/trade/trade-option': 'option',
        },
        kinds: {
          '/pages/market/quote': 'quote',
          '/pages/market/market': 'market',
          // A page header with its title over the skeleton, then the screen itself once its words
          // (the route's catalog) and its answer are in (scripts/vite-app-shell-views.ts).
          '/pages/transaction/index': 'titled',
          '/pages/assets/index': 'titled',
        },
        // Screens whose first frame needs the instruments and tickers (home also asks for its floor),
        // and what else theirs needs at once (public answers without a query).
        marketScreens: [
          '/pages/market/market',
          '/pages/market/quote',
          '/pages/trade/trade-spot',
          '/pages/trade/trade-leverage',
          '/pages/trade/trade-option',
        ],
        more: { '/pages/trade/trade-leverage': ['contract/instruments'] },
        // The first answer of the screens painted in full, for a visitor or a signed-in person: C2C's
        // first ads (the address the app asks with, so it takes this answer), the Assets overview.
        answers: VIEW_ANSWERS,
      }
      if (!html.includes('__SHELL_HEAD__')) throw new Error('app shell: no head slot in index.html')
      return html
        .replace('__SHELL_TEXT__', JSON.stringify(table))
        .replace('__SHELL_HEAD__', JSON.stringify(head))
    },
  }
}
