import { FALLBACK_LANGS } from '@common/content/schema'
import type { LangCode } from '@common/i18n/languages'
import type { Db } from '../../db/db'

/*
 * Article texts in the reader's language: read by the content module's pages and by every module
 * that shows an article's words (notice pushes, the home floor, support's help answers, earn's
 * product notes, the terms at registration).
 */

export interface Text {
  lang: string
  title: string
  body: string
}

/** The languages to look in, best first: the reader's, then English, then Traditional Chinese. */
export function langChain(lang: LangCode): string[] {
  return [lang, ...FALLBACK_LANGS.filter((l) => l !== lang)]
}

/** Picks a text by the chain; any other language as a last resort so an article never shows blank. */
export function pickText(texts: Text[], chain: string[]): Text | null {
  for (const l of chain) {
    const t = texts.find((x) => x.lang === l)
    if (t) return t
  }
  return texts[0] ?? null
}

/** Every article's texts, grouped by article id. */
export async function textsOf(db: Db, ids: string[]): Promise<Map<string, Text[]>> {
  const out = new Map<string, Text[]>()
  if (ids.length === 0) return out
  const rows = await db
    .selectFrom('article_text')
    .select(['article_id', 'lang', 'title', 'body'])
    .where('article_id', 'in', ids)
    .orderBy('lang')
    .execute()
  for (const r of rows) {
    const k = String(r.article_id)
    const list = out.get(k) ?? []
    list.push({ lang: r.lang, title: r.title, body: r.body })
    out.set(k, list)
  }
  return out
}

/** Article rows with their texts, in the rows' order: `[row, texts]` (no text: `[]`). */
export async function withTexts<R extends { id: string | number }>(
  db: Db,
  rows: R[],
): Promise<[R, Text[]][]> {
  const texts = await textsOf(
    db,
    rows.map((r) => String(r.id)),
  )
  return rows.map((r) => [r, texts.get(String(r.id)) ?? []])
}
