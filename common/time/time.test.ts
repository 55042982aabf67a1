import { describe, expect, it } from 'vitest'
import {
  DEFAULT_TIMEZONE,
  DEFAULT_TIMEZONE_OFFSET,
  dayStart,
  formatInZone,
  relativeTime,
  toMillis,
} from './time'

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR
// 2024-03-10 12:00:00 UTC = 20:00 in Shanghai
const NOW = Date.UTC(2024, 2, 10, 12)

describe('toMillis', () => {
  it('treats ten-digit values as seconds and 13-digit values as ms', () => {
    expect(toMillis(1710072000)).toBe(1710072000000)
    expect(toMillis('1710072000')).toBe(1710072000000)
    expect(toMillis(1710072000123)).toBe(1710072000123)
    expect(toMillis('1710072000123')).toBe(1710072000123)
    expect(toMillis(9999999999)).toBe(9999999999000)
    expect(toMillis(10000000000)).toBe(10000000000)
  })
  it('keeps fractional seconds and accepts ISO strings and Dates', () => {
    expect(toMillis(1710072000.5)).toBe(1710072000500)
    expect(toMillis('2024-03-10T12:00:00Z')).toBe(NOW)
    expect(toMillis(new Date(NOW))).toBe(NOW)
  })
  it('throws on invalid input', () => {
    expect(() => toMillis('soon')).toThrow(/Invalid timestamp/)
    expect(() => toMillis(Number.NaN)).toThrow(/Invalid timestamp/)
    expect(() => toMillis(new Date('x'))).toThrow(/Invalid timestamp/)
  })
})

describe('formatInZone', () => {
  it('defaults to Asia/Shanghai', () => {
    expect(DEFAULT_TIMEZONE).toBe('Asia/Shanghai')
    expect(formatInZone(NOW, 'yyyy-MM-dd HH:mm:ss')).toBe('2024-03-10 20:00:00')
    expect(formatInZone(1710072000, 'HH:mm')).toBe('20:00')
  })
  it('honours another zone', () => {
    expect(formatInZone(NOW, 'yyyy-MM-dd HH:mm', 'UTC')).toBe('2024-03-10 12:00')
    expect(formatInZone(NOW, 'yyyy-MM-dd HH:mm', 'America/New_York')).toBe('2024-03-10 08:00')
  })
})

describe('relativeTime', () => {
  const ago = (ms: number) => relativeTime(NOW - ms, NOW)
  it('is just-now under 5 minutes and for future times', () => {
    expect(ago(0)).toEqual({ unit: 'just-now', value: 0 })
    expect(ago(5 * MIN - 1)).toEqual({ unit: 'just-now', value: 0 })
    expect(ago(-DAY)).toEqual({ unit: 'just-now', value: 0 })
  })
  it('counts whole minutes, hours and days at the boundaries', () => {
    expect(ago(5 * MIN)).toEqual({ unit: 'minutes', value: 5 })
    expect(ago(HOUR - 1)).toEqual({ unit: 'minutes', value: 59 })
    expect(ago(HOUR)).toEqual({ unit: 'hours', value: 1 })
    expect(ago(DAY - 1)).toEqual({ unit: 'hours', value: 23 })
    expect(ago(DAY)).toEqual({ unit: 'days', value: 1 })
    expect(ago(30 * DAY)).toEqual({ unit: 'days', value: 30 })
  })
  it('shows a zoned date after 30 days', () => {
    expect(ago(30 * DAY + 1)).toEqual({ unit: 'date', value: 30, date: '2024-02-09' })
    // 2024-02-08 16:30 UTC is already 2024-02-09 in Shanghai.
    const t = Date.UTC(2024, 1, 8, 16, 30)
    expect(relativeTime(t, NOW)).toEqual({ unit: 'date', value: 30, date: '2024-02-09' })
    expect(relativeTime(t, NOW, 'UTC')).toEqual({ unit: 'date', value: 30, date: '2024-02-08' })
  })
  it('accepts second timestamps for both arguments', () => {
    expect(relativeTime(NOW / 1000 - 600, NOW / 1000)).toEqual({ unit: 'minutes', value: 10 })
  })
})

describe('dayStart', () => {
  it('returns Shanghai midnight', () => {
    // 20:00 Shanghai -> 00:00 Shanghai = 16:00 UTC the previous day.
    expect(dayStart(NOW)).toBe(Date.UTC(2024, 2, 9, 16))
    // 16:00 UTC is exactly midnight Shanghai of the next day.
    expect(dayStart(Date.UTC(2024, 2, 10, 16))).toBe(Date.UTC(2024, 2, 10, 16))
    expect(dayStart(Date.UTC(2024, 2, 10, 16) - 1)).toBe(Date.UTC(2024, 2, 9, 16))
  })
  it('follows DST in other zones', () => {
    // New York switches to EDT at 02:00 on 2024-03-10; that day's midnight is still EST (UTC-5).
    expect(dayStart(NOW, 'America/New_York')).toBe(Date.UTC(2024, 2, 10, 5))
    expect(dayStart(Date.UTC(2024, 2, 11, 12), 'America/New_York')).toBe(Date.UTC(2024, 2, 11, 4))
    expect(dayStart(NOW, 'UTC')).toBe(Date.UTC(2024, 2, 10))
  })
})

describe('DEFAULT_TIMEZONE_OFFSET', () => {
  it('is the offset Intl gives the default zone, in winter and in summer', () => {
    const f = new Intl.DateTimeFormat('en-US', { timeZone: DEFAULT_TIMEZONE, timeZoneName: 'longOffset' })
    for (const at of [Date.UTC(2026, 0, 15), Date.UTC(2026, 6, 15), Date.UTC(2030, 3, 1)]) {
      const name = f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value
      expect(name).toBe(`GMT+0${DEFAULT_TIMEZONE_OFFSET / 60}:00`)
    }
  })
})
