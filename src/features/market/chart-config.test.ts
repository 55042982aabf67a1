import { describe, expect, it } from 'vitest'
import {
  chartDateFormatter,
  deviceOffsetLabel,
  deviceTimeZone,
  offsetLabel,
  ticksInside,
  utcOffsetLabel,
} from './chart-config'

const at = Date.UTC(2026, 10, 23, 5, 0) // 13:00 in Shanghai, 06:00 in Berlin (winter)

describe('utcOffsetLabel', () => {
  it('names whole and half-hour offsets, summer time included', () => {
    expect(utcOffsetLabel('Asia/Shanghai', at)).toBe('UTC+8')
    expect(utcOffsetLabel('Europe/Berlin', at)).toBe('UTC+1')
    expect(utcOffsetLabel('Europe/Berlin', Date.UTC(2026, 6, 1))).toBe('UTC+2')
    expect(utcOffsetLabel('Asia/Kolkata', at)).toBe('UTC+5:30')
    expect(utcOffsetLabel('America/St_Johns', at)).toBe('UTC-3:30')
    expect(utcOffsetLabel('UTC', at)).toBe('UTC')
  })
})

describe('offsetLabel', () => {
  it('writes minutes east of UTC as the chart says them', () => {
    expect(offsetLabel(480)).toBe('UTC+8')
    expect(offsetLabel(-210)).toBe('UTC-3:30')
    expect(offsetLabel(345)).toBe('UTC+5:45')
    expect(offsetLabel(-600)).toBe('UTC-10')
    expect(offsetLabel(0)).toBe('UTC')
  })
  it('gives the device zone the same label without Intl as with it, in winter and summer', () => {
    for (const t of [at, Date.UTC(2026, 6, 1)])
      expect(deviceOffsetLabel(t)).toBe(utcOffsetLabel(deviceTimeZone(), t))
  })
})

describe('chartDateFormatter', () => {
  it('shows times in the given zone and the locale’s date order', () => {
    const de = chartDateFormatter('de', 'Europe/Berlin', 'Asia/Shanghai')
    expect(de({ timestamp: at, template: 'HH:mm', type: 'xAxis' })).toBe('06:00')
    expect(de({ timestamp: at, template: 'YYYY-MM-DD HH:mm', type: 'crosshair' })).toBe('23.11.2026, 06:00')
    const en = chartDateFormatter('en', 'Asia/Shanghai', 'Asia/Shanghai')
    expect(en({ timestamp: at, template: 'MM-DD HH:mm', type: 'xAxis' })).toBe('11/23, 13:00')
    expect(en({ timestamp: at, template: 'YYYY-MM', type: 'xAxis' })).toBe('11/2026')
    const fi = chartDateFormatter('fi', 'Europe/Helsinki', 'Asia/Shanghai')
    expect(fi({ timestamp: at, template: 'YYYY-MM-DD', type: 'xAxis' })).toBe('23.11.')
  })

  it('names calendar candles by their date in the server zone', () => {
    // The candle of 25 November opens at 00:00 UTC+8, 17:00 on the 24th in Berlin.
    const open = Date.UTC(2026, 10, 24, 16, 0)
    const de = chartDateFormatter('de', 'Europe/Berlin', 'Asia/Shanghai')
    expect(de({ timestamp: open, template: 'YYYY-MM-DD', type: 'tooltip' })).toBe('25.11.2026')
    expect(de({ timestamp: open, template: 'YYYY-MM-DD HH:mm', type: 'crosshair' })).toBe('24.11.2026, 17:00')
  })
})

describe('ticksInside', () => {
  it('drops labels that would be clipped at either edge', () => {
    const ticks = [
      { coord: 10, text: 'aaaa' },
      { coord: 100, text: 'bbbb' },
      { coord: 295, text: 'cccc' },
    ]
    expect(ticksInside(ticks, 300, (s) => s.length * 6).map((t) => t.text)).toEqual(['bbbb'])
  })
})
