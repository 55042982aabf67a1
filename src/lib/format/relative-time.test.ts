import { relativeTime } from '@common/time/time'
import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from './relative-time'

const now = Date.UTC(2026, 10, 22, 12, 0, 0)
const ago = (ms: number) => relativeTime(now - ms, now)

describe('formatRelativeTime', () => {
  it('says "just now" under five minutes, in the caller’s words', () => {
    expect(formatRelativeTime(ago(4 * 60_000), 'en', 'just now')).toBe('just now')
    expect(formatRelativeTime(ago(0), 'zh-TW', '剛剛')).toBe('剛剛')
  })

  it('words minutes, hours and days in the locale', () => {
    expect(formatRelativeTime(ago(7 * 60_000), 'en', 'x')).toBe('7 minutes ago')
    expect(formatRelativeTime(ago(3 * 3_600_000), 'de', 'x')).toBe('vor 3 Stunden')
    expect(formatRelativeTime(ago(2 * 86_400_000), 'zh-TW', 'x')).toBe('2 天前')
  })

  it('shows a date after 30 days', () => {
    expect(formatRelativeTime(ago(45 * 86_400_000), 'en', 'x')).toBe('2026-10-08')
  })
})
