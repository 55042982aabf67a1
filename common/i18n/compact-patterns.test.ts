import { describe, expect, it } from 'vitest'
import { type CompactStep, compactStep, UI_COMPACT_PATTERNS } from './compact-patterns'
import { LANGUAGES } from './languages'

/** The steps Intl writes for `locale`, read off 10^0 .. 10^24. */
function intlSteps(locale: string): CompactStep[] {
  const nf = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 })
  const found: CompactStep[] = []
  for (let m = 0; m <= 24; m++) {
    const parts = nf.formatToParts(`1${'0'.repeat(m)}` as unknown as number)
    const types = parts.map((p) => p.type)
    const digits = parts
      .filter((p) => p.type === 'integer')
      .map((p) => p.value)
      .join('')
    const suffix = parts
      .slice(types.lastIndexOf('integer') + 1)
      .map((p) => p.value)
      .join('')
    // The table only knows suffixes: a language writing its unit first would need more.
    expect(types[0], `${locale} 10^${m}`).toBe('integer')
    const step: CompactStep = [m, m - (digits.length - 1), suffix]
    const last = found[found.length - 1]
    if (!last || last[1] !== step[1] || last[2] !== step[2]) found.push(step)
  }
  return found
}

describe('compact forms of the UI languages', () => {
  it('has every UI language, each as Intl writes it', () => {
    for (const { bcp47 } of LANGUAGES) {
      expect(UI_COMPACT_PATTERNS[bcp47], bcp47).toEqual(intlSteps(bcp47))
    }
  })

  it('picks the last step a magnitude reaches', () => {
    const es = UI_COMPACT_PATTERNS.es as readonly CompactStep[]
    expect(compactStep(es, -3)[2]).toBe('')
    expect(compactStep(es, 5)[2]).toBe('\u00a0mil')
    expect(compactStep(es, 9)).toEqual([6, 6, '\u00a0M'])
    expect(compactStep(es, 10)[1]).toBe(9)
    expect(compactStep(es, 30)[1]).toBe(12)
  })
})
