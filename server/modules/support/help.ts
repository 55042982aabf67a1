import { matchScore, searchTerms } from '@common/support/rules'
import type { HelpSuggestion } from '@common/support/schema'
import type { Db } from '../../db/db'
import { langChain, pickText, textsOf } from '../../platform/content/article-texts'
import { summarize } from '../../platform/content/markdown'
import { helpHits } from './chat-repo'

const SUGGESTIONS = 4

/** Help academy articles matching a typed question, best first (the chat's quick answers). */
export async function suggestHelp(db: Db, q: string, lang: string): Promise<HelpSuggestion[]> {
  const terms = searchTerms(q)
  if (terms.length === 0) return []
  const chain = langChain(lang as Parameters<typeof langChain>[0])
  const scored = new Map<string, number>()
  for (const h of await helpHits(db, terms, chain)) {
    const id = String(h.id)
    scored.set(id, Math.max(scored.get(id) ?? 0, matchScore(terms, h.title, h.body)))
  }
  const ids = [...scored.entries()]
    .sort((a, b) => b[1] - a[1] || Number(b[0]) - Number(a[0]))
    .slice(0, SUGGESTIONS)
    .map(([id]) => id)
  const texts = await textsOf(db, ids)
  return ids.map((id) => {
    const t = pickText(texts.get(id) ?? [], chain)
    return { id, title: t?.title ?? '', summary: summarize(t?.body ?? '') }
  })
}
