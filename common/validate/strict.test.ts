import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  assetCodeSchema,
  boundedText,
  calendarDateSchema,
  decimalSchema,
  formInt,
  INT4_MAX,
  intIn,
  timeMsSchema,
  uidSchema,
} from './strict'

const ok = (s: v.GenericSchema, x: unknown) => v.safeParse(s, x).success
const out = (s: v.GenericSchema, x: unknown) => v.parse(s, x)

describe('strict building blocks (issue 33)', () => {
  it('reads integers as plain decimal integers within range, never through Number()', () => {
    const days = intIn(1, 3650, 'invalid_days')
    expect(out(days, 30)).toBe(30)
    expect(out(days, '30')).toBe(30)
    for (const bad of [
      '0x10',
      '1e3',
      '0b101',
      '+10',
      ' 30',
      '30 ',
      '30.0',
      '030',
      '',
      '-0',
      30.5,
      0,
      3651,
      1e20,
    ])
      expect(ok(days, bad), String(bad)).toBe(false)
    expect(ok(days, null)).toBe(false)
    expect(ok(days, true)).toBe(false)
    expect(out(intIn(-5, 5, 'k'), '-5')).toBe(-5)
  })

  it('keeps user numbers within int4', () => {
    expect(out(uidSchema, INT4_MAX)).toBe(INT4_MAX)
    expect(ok(uidSchema, INT4_MAX + 1)).toBe(false)
    expect(ok(uidSchema, '2147483648')).toBe(false)
    expect(ok(uidSchema, '0b101')).toBe(false)
  })

  it('takes times within 2000..2099 and real calendar dates only', () => {
    const t = timeMsSchema()
    expect(ok(t, Date.UTC(2026, 0, 1))).toBe(true)
    for (const bad of [1e20, -1, 0, Date.UTC(2100, 0, 1), 1.5, '1700000000000'])
      expect(ok(t, bad)).toBe(false)
    const d = calendarDateSchema()
    expect(ok(d, '2032-02-29')).toBe(true)
    for (const bad of [
      '2031-02-31',
      '2030-02-29',
      '2031-13-01',
      '1999-12-31',
      '2100-01-01',
      '2031-2-1',
      '2031/02/01',
    ])
      expect(ok(d, bad), bad).toBe(false)
  })

  it('bounds text, shapes asset codes and decimals', () => {
    expect(ok(boundedText(5, 'k'), ' abc ')).toBe(true)
    expect(ok(boundedText(5, 'k'), 'x'.repeat(6))).toBe(false)
    expect(ok(boundedText(5, 'k', 2), ' a ')).toBe(false)
    expect(out(assetCodeSchema(), 'usdt')).toBe('USDT')
    for (const bad of ['1E3', 'U', 'TOOLONGASSETCODE', 'US-DT'])
      expect(ok(assetCodeSchema(), bad)).toBe(false)
    const d6 = decimalSchema({ maxDp: 6, positive: true })
    expect(ok(d6, '1.000001')).toBe(true)
    const r = v.safeParse(d6, '1.0000001')
    expect(r.issues?.[0]?.message).toBe('too_many_decimals')
    for (const bad of ['0', '1e3', '-1', '+1', '.5', '1.']) expect(ok(d6, bad), bad).toBe(false)
  })

  it('reads a form field as the server does', () => {
    expect(formInt(' 30 ')).toBe(30)
    expect(formInt('0x10')).toBeNaN()
    expect(formInt('1e3')).toBeNaN()
  })
})
