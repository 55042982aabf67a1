import { describe, expect, it } from 'vitest'
import {
  candleHeadroom,
  candleTopGap,
  chartDateFormatter,
  deviceOffsetLabel,
  offsetLabel,
  ticksInside,
} from './chart-config'

const at = Date.UTC(2026, 10, 23, 5, 0) // 13:00 in Shanghai, 06:00 in Berlin (winter)

/** Minutes east of UTC of a zone at an instant, as Intl says. */
function zoneOffset(timeZone: string) {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
  return (ms: number) => {
    const name = f.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? ''
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name)
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0
  }
}

describe('offsetLabel', () => {
  it('writes minutes east of UTC as the chart says them', () => {
    expect(offsetLabel(480)).toBe('UTC+8')
    expect(offsetLabel(-210)).toBe('UTC-3:30')
    expect(offsetLabel(345)).toBe('UTC+5:45')
    expect(offsetLabel(-600)).toBe('UTC-10')
    expect(offsetLabel(0)).toBe('UTC')
  })
  it('gives the device zone the label Intl gives it, in winter and summer', () => {
    const device = zoneOffset(Intl.DateTimeFormat().resolvedOptions().timeZone)
    for (const t of [at, Date.UTC(2026, 6, 1)]) expect(deviceOffsetLabel(t)).toBe(offsetLabel(device(t)))
  })
})

describe('chartDateFormatter', () => {
  const berlin = zoneOffset('Europe/Berlin')
  it('shows times at the given offset and in the locale’s date order', () => {
    const de = chartDateFormatter('de', berlin)
    expect(de({ timestamp: at, template: 'HH:mm', type: 'xAxis' })).toBe('06:00')
    expect(de({ timestamp: at, template: 'YYYY-MM-DD HH:mm', type: 'crosshair' })).toBe('23.11.2026, 06:00')
    expect(de({ timestamp: Date.UTC(2026, 6, 1, 5), template: 'HH:mm', type: 'xAxis' })).toBe('07:00')
    const en = chartDateFormatter('en', zoneOffset('Asia/Shanghai'))
    expect(en({ timestamp: at, template: 'MM-DD HH:mm', type: 'xAxis' })).toBe('11/23, 13:00')
    expect(en({ timestamp: at, template: 'YYYY-MM', type: 'xAxis' })).toBe('11/2026')
    const fi = chartDateFormatter('fi', zoneOffset('Europe/Helsinki'))
    expect(fi({ timestamp: at, template: 'YYYY-MM-DD', type: 'xAxis' })).toBe('23.11.')
    expect(fi({ timestamp: at, template: 'HH:mm', type: 'xAxis' })).toBe('07.00')
  })

  it('names calendar candles by their date in the server zone', () => {
    // The candle of 25 November opens at 00:00 UTC+8, 17:00 on the 24th in Berlin.
    const open = Date.UTC(2026, 10, 24, 16, 0)
    const de = chartDateFormatter('de', berlin)
    expect(de({ timestamp: open, template: 'YYYY-MM-DD', type: 'tooltip' })).toBe('25.11.2026')
    expect(de({ timestamp: open, template: 'YYYY-MM-DD HH:mm', type: 'crosshair' })).toBe('24.11.2026, 17:00')
  })

  it('shows times at the device’s offset by default', () => {
    const device = zoneOffset(Intl.DateTimeFormat().resolvedOptions().timeZone)
    const local = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    expect(chartDateFormatter('en')({ timestamp: at, template: 'HH:mm', type: 'xAxis' })).toBe(
      local.format(at),
    )
    expect(chartDateFormatter('en', device)({ timestamp: at, template: 'HH:mm', type: 'xAxis' })).toBe(
      local.format(at),
    )
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

describe('room above the candles for the indicator legend and the high mark', () => {
  it('grows with the main indicators, fewer rows on a wide screen', () => {
    expect(candleHeadroom(0, 390)).toBe(24)
    expect(candleHeadroom(1, 390)).toBe(60)
    expect(candleHeadroom(3, 390)).toBe(132)
    expect(candleHeadroom(1, 800)).toBe(42)
  })
  it('gives the y-axis gap that leaves that room on top', () => {
    const height = 260
    const room = 60
    const gap = candleTopGap(room, height)
    // klinecharts: the range grows by gap/height above and 0.1 below; the top part of the pane is free.
    const free = (height * (gap / height)) / (1 + 0.1 + gap / height)
    expect(free).toBeCloseTo(room, 6)
    // Never more than 60 % of the pane.
    const most = candleTopGap(1000, height)
    expect((height * (most / height)) / (1.1 + most / height)).toBeCloseTo(0.6 * height, 6)
  })
})
