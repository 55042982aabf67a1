import fs from 'node:fs'
import type { Plugin } from 'vite'
import { DEFAULT_LANG, LANGUAGES } from '../common/i18n/languages'
import { TAB_PATHS } from '../src/app/shell/tab-paths'

// Tab labels, and the visitor panel of home (src/features/home/HomeHero.tsx): same words, same size.
const LABELS: Record<string, string> = {
  Home: 'Home',
  Markets: 'Markets',
  Trade: 'Trade',
  Assets: 'Assets',
  Mine: 'Mine',
  hero: 'Trade crypto on an exchange you can check',
  heroSub: 'Spot, perpetuals and options on one account. Every balance change is in your records.',
  Register: 'Register',
  'Log in': 'Log in',
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
  return [shellText(), deferEntry()]
}

/**
 * Build only: takes the entry script and its modulepreloads out of the HTML and hands them to the
 * shell's inline script, which adds them after the shell's first frame (development keeps the tag).
 */
function deferEntry(): Plugin {
  return {
    name: 'app-shell-defer-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = html.match(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/)
        if (!entry?.[1]) throw new Error('app shell: no entry script in index.html')
        const preload = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)]
        let out = html.replace(entry[0], '')
        for (const p of preload) out = out.replace(p[0], '')
        const boot = JSON.stringify({ entry: entry[1], preload: preload.map((p) => p[1]) })
        if (!out.includes("'__BOOT__'")) throw new Error('app shell: no boot slot in index.html')
        return out.replace("'__BOOT__'", boot)
      },
    },
  }
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
      }
      const table = {
        text,
        bcp47: Object.fromEntries(LANGUAGES.map((l) => [l.code, l.bcp47])),
        fallback: DEFAULT_LANG,
        tabs: TAB_PATHS,
      }
      return html.replace('__SHELL_TEXT__', JSON.stringify(table))
    },
  }
}
