/**
 * The short compact forms of the UI languages ("1.2M", "1,2 Mio.", "120萬"), as Intl (ICU) gives
 * them: a page's first compact Intl.NumberFormat costs a phone tens of milliseconds in one piece
 * (its locale data), so the 15 UI languages read them from here. compact-patterns.test.ts checks
 * the table against Intl.
 *
 * Each step: [from magnitude (10^n), divide by 10^d, suffix]; a figure takes the last step whose
 * magnitude it reaches. CJK languages step by 10^4, Spanish says "mil M" from 10^10, German
 * abbreviates nothing under a million.
 */
export type CompactStep = readonly [from: number, divisor: number, suffix: string]

const NB = '\u00a0'
const steps = (...list: [number, number, string][]): readonly CompactStep[] => list

export const UI_COMPACT_PATTERNS: Readonly<Record<string, readonly CompactStep[]>> = {
  'zh-TW': steps([0, 0, ''], [4, 4, '萬'], [8, 8, '億'], [12, 12, '兆']),
  en: steps([0, 0, ''], [3, 3, 'K'], [6, 6, 'M'], [9, 9, 'B'], [12, 12, 'T']),
  ko: steps([0, 0, ''], [3, 3, '천'], [4, 4, '만'], [8, 8, '억'], [12, 12, '조']),
  ja: steps([0, 0, ''], [4, 4, '万'], [8, 8, '億'], [12, 12, '兆'], [16, 16, '京']),
  de: steps([0, 0, ''], [6, 6, `${NB}Mio.`], [9, 9, `${NB}Mrd.`], [12, 12, `${NB}Bio.`]),
  fr: steps([0, 0, ''], [3, 3, `${NB}k`], [6, 6, `${NB}M`], [9, 9, `${NB}Md`], [12, 12, `${NB}Bn`]),
  es: steps([0, 0, ''], [3, 3, `${NB}mil`], [6, 6, `${NB}M`], [10, 9, `${NB}mil${NB}M`], [12, 12, `${NB}B`]),
  it: steps([0, 0, ''], [3, 3, 'K'], [6, 6, `${NB}Mln`], [9, 9, `${NB}Mld`], [12, 12, `${NB}Bln`]),
  uk: steps([0, 0, ''], [3, 3, `${NB}тис.`], [6, 6, `${NB}млн`], [9, 9, `${NB}млрд`], [12, 12, `${NB}трлн`]),
  sv: steps([0, 0, ''], [3, 3, `${NB}tn`], [6, 6, `${NB}mn`], [9, 9, `${NB}md`], [12, 12, `${NB}bn`]),
  fi: steps([0, 0, ''], [3, 3, `${NB}t.`], [6, 6, `${NB}milj.`], [9, 9, `${NB}mrd.`], [12, 12, `${NB}bilj.`]),
  pl: steps([0, 0, ''], [3, 3, `${NB}tys.`], [6, 6, `${NB}mln`], [9, 9, `${NB}mld`], [12, 12, `${NB}bln`]),
  pt: steps([0, 0, ''], [3, 3, `${NB}mil`], [6, 6, `${NB}mi`], [9, 9, `${NB}bi`], [12, 12, `${NB}tri`]),
  tr: steps([0, 0, ''], [3, 3, `${NB}B`], [6, 6, `${NB}Mn`], [9, 9, `${NB}Mr`], [12, 12, `${NB}Tn`]),
  'zh-CN': steps([0, 0, ''], [4, 4, '万'], [8, 8, '亿'], [12, 12, '万亿']),
}

/** The step a figure of magnitude 10^`magnitude` is written with. */
export function compactStep(table: readonly CompactStep[], magnitude: number): CompactStep {
  let found = table[0] as CompactStep
  for (const step of table) if (magnitude >= step[0]) found = step
  return found
}
