import BigLib from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../i18n/languages'
import {
  abs,
  add,
  cmp,
  div,
  eq,
  format,
  fromNumber,
  gt,
  gte,
  isDecimalString,
  isNegative,
  isZero,
  lt,
  lte,
  max,
  min,
  mul,
  neg,
  normalize,
  pctChange,
  round,
  sub,
  sum,
  toFixed,
} from './decimal'

const BIG30 = '123456789012345678901234567890'
const TINY = '0.00000000000000000001'

/** big.js as the reference, with plain (never exponential) text like the money module's. */
const B = BigLib()
B.NE = -1e6
B.PE = 1e6

/** Decimal texts of up to `intMax` integer and `fracMax` fractional digits, leading and trailing zeros included. */
const decimalText = (intMax: number, fracMax: number) => {
  const digits = (max: number) =>
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: max })
  return fc
    .tuple(fc.boolean(), digits(intMax), fc.option(digits(fracMax), { nil: undefined }))
    .map(([negative, int, frac]) => `${negative ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`)
}

describe('isDecimalString', () => {
  it('accepts plain signed decimals', () => {
    for (const s of ['0', '-0', '12', '-12.5', '0.00000001', BIG30, TINY])
      expect(isDecimalString(s)).toBe(true)
  })
  it('rejects anything else', () => {
    for (const s of [
      '',
      ' 1',
      '1 ',
      '+1',
      '.5',
      '5.',
      '1e5',
      '1,000',
      'NaN',
      'Infinity',
      '0x10',
      '--1',
      1,
      null,
    ]) {
      expect(isDecimalString(s)).toBe(false)
    }
  })
})

describe('arithmetic', () => {
  it('is exact where floats are not', () => {
    expect(add('0.1', '0.2')).toBe('0.3')
    expect(sub('0.3', '0.1')).toBe('0.2')
    expect(mul('1.1', '1.1')).toBe('1.21')
    expect(mul('0.07', '100')).toBe('7')
  })
  it('keeps 30-digit and 20-decimal values intact', () => {
    expect(add(BIG30, '1')).toBe('123456789012345678901234567891')
    expect(add(BIG30, TINY)).toBe(`${BIG30}.00000000000000000001`)
    expect(mul(BIG30, '10')).toBe('1234567890123456789012345678900')
    expect(add(TINY, TINY)).toBe('0.00000000000000000002')
    expect(mul(TINY, TINY)).toBe(`0.${'0'.repeat(39)}1`)
  })
  it('normalizes results', () => {
    expect(add('1.50', '1.50')).toBe('3')
    expect(sub('1', '1')).toBe('0')
    expect(mul('-1', '0')).toBe('0')
    expect(neg('0')).toBe('0')
  })
  it('add, sub, mul and cmp equal big.js on every shape of input, short (integer path) or long', () => {
    const text = (x: InstanceType<typeof B>) => (x.toString() === '-0' ? '0' : x.toString())
    // Lengths around the fast path's 15-digit edge.
    const decimal = decimalText(17, 12)
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        expect(add(a, b)).toBe(text(new B(a).plus(b)))
        expect(sub(a, b)).toBe(text(new B(a).minus(b)))
        expect(mul(a, b)).toBe(text(new B(a).times(b)))
        expect(cmp(a, b)).toBe(new B(a).cmp(b))
        expect(lte(a, b)).toBe(new B(a).lte(b))
      }),
      { numRuns: 5000 },
    )
    // The edges: 15 digits (fast), 16 (big.js), sums that carry past 15 digits, the largest exact.
    for (const [a, b, want] of [
      ['999999999999999', '1', '1000000000000000'],
      ['99999999999999.9', '0.1', '100000000000000'],
      ['9999999999999999', '1', '10000000000000000'],
      ['-999999999999999', '-999999999999999', '-1999999999999998'],
      ['0.000000000000001', '0.000000000000001', '0.000000000000002'],
    ] as const)
      expect(add(a, b)).toBe(want)
    expect(mul('99999999', '9999999')).toBe('999999890000001')
    expect(mul('999999999', '99999999')).toBe('99999998900000001')
    expect(sub('0.1', '0.10')).toBe('0')
    expect(cmp('9007199254740993', '9007199254740992')).toBe(1)
    expect(cmp('-0', '0.0')).toBe(0)
    expect(mul('-0', '5')).toBe('0')
  })
  it('throws a clear error on invalid input', () => {
    expect(() => add('1', 'abc')).toThrow('Invalid decimal string: "abc"')
    expect(() => mul('1e3', '2')).toThrow(/Invalid decimal string/)
    expect(() => sum(['1', ''])).toThrow(/Invalid decimal string/)
  })
})

describe('div', () => {
  it('rounds once to dp with the given mode', () => {
    expect(div('1', '3', 8)).toBe('0.33333333')
    expect(div('2', '3', 8)).toBe('0.66666667')
    expect(div('2', '3', 8, 'down')).toBe('0.66666666')
    expect(div('1', '3', 2, 'up')).toBe('0.34')
    expect(div('5', '2', 0, 'half-even')).toBe('2')
    expect(div('-5', '2', 0, 'half-up')).toBe('-3')
  })
  it('handles tiny and huge operands', () => {
    expect(div(TINY, '2', 21)).toBe('0.000000000000000000005')
    expect(div(BIG30, '10', 0)).toBe('12345678901234567890123456789')
  })
  it('refuses division by zero', () => {
    expect(() => div('1', '0', 2)).toThrow('Division by zero')
    expect(() => div('1', '0.000', 2)).toThrow('Division by zero')
  })
  it('refuses bad dp', () => {
    expect(() => div('1', '3', -1)).toThrow(/decimal places/)
    expect(() => div('1', '3', 1.5)).toThrow(/decimal places/)
  })
})

describe('comparison', () => {
  it('compares numerically, not textually', () => {
    expect(cmp('10', '9')).toBe(1)
    expect(cmp('1.0', '1')).toBe(0)
    expect(cmp('-2', '-1')).toBe(-1)
    expect(eq('0.10', '0.1')).toBe(true)
    expect(gt(TINY, '0')).toBe(true)
    expect(gte('1', '1.000')).toBe(true)
    expect(lt('0.1', '0.10000000000000000001')).toBe(true)
    expect(lte('2', '1')).toBe(false)
  })
  it('signs and zero', () => {
    expect(isZero('-0.000')).toBe(true)
    expect(isZero(TINY)).toBe(false)
    expect(isNegative('-0')).toBe(false)
    expect(isNegative('-0.01')).toBe(true)
    expect(abs('-3.5')).toBe('3.5')
    expect(neg('3.5')).toBe('-3.5')
  })
  it('min, max and sum', () => {
    expect(min('3', '-1', '2')).toBe('-1')
    expect(max('3', '10', '2.5')).toBe('10')
    expect(max('1')).toBe('1')
    expect(sum([])).toBe('0')
    expect(sum(['0.1', '0.2', '0.3'])).toBe('0.6')
  })
})

describe('round and toFixed', () => {
  it('round supports all modes', () => {
    expect(round('1.005', 2)).toBe('1.01')
    expect(round('1.005', 2, 'down')).toBe('1')
    expect(round('1.001', 2, 'up')).toBe('1.01')
    expect(round('2.5', 0, 'half-even')).toBe('2')
    expect(round('3.5', 0, 'half-even')).toBe('4')
    expect(round('-1.5', 0, 'half-up')).toBe('-2')
    expect(round('-1.9', 0, 'down')).toBe('-1')
  })
  it('toFixed truncates by default and pads', () => {
    expect(toFixed('1.999', 2)).toBe('1.99')
    expect(toFixed('1', 4)).toBe('1.0000')
    expect(toFixed('1.999', 2, 'half-up')).toBe('2.00')
  })
  it('toFixed on the digits equals big.js in every mode, sign and shape of input', () => {
    const RMS = { down: 0, 'half-up': 1, 'half-even': 2, up: 3 } as const
    const reference = (a: string, dp: number, mode: keyof typeof RMS) => {
      const s = new B(a).toFixed(dp, RMS[mode])
      return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s
    }
    const decimal = decimalText(25, 20)
    fc.assert(
      fc.property(
        decimal,
        fc.integer({ min: 0, max: 14 }),
        fc.constantFrom<keyof typeof RMS>('down', 'half-up', 'half-even', 'up'),
        (a, dp, mode) => {
          expect(toFixed(a, dp, mode)).toBe(reference(a, dp, mode))
        },
      ),
      { numRuns: 3000 },
    )
    // The carries and ties a random run may miss.
    for (const [a, dp, mode, want] of [
      ['9.995', 2, 'half-up', '10.00'],
      ['-9.995', 2, 'half-up', '-10.00'],
      ['99.5', 0, 'half-even', '100'],
      ['0.125', 2, 'half-even', '0.12'],
      ['0.135', 2, 'half-even', '0.14'],
      ['0.1250001', 2, 'half-even', '0.13'],
      ['-0.0001', 2, 'up', '-0.01'],
      ['-0.004', 2, 'half-up', '0.00'],
      ['007.50', 1, 'down', '7.5'],
    ] as const)
      expect(toFixed(a, dp, mode)).toBe(want)
  })
  it('toFixed refuses what is not a decimal', () => {
    expect(() => toFixed('1e3', 2)).toThrow()
    expect(() => toFixed('1.5', -1)).toThrow()
  })
  it('never uses exponential notation', () => {
    expect(toFixed('0.0000001', 7)).toBe('0.0000001')
    expect(normalize('0.00000010')).toBe('0.0000001')
    expect(fromNumber(1e-7)).toBe('0.0000001')
    expect(fromNumber(1e21)).toBe('1000000000000000000000')
    expect(toFixed(BIG30, 2)).toBe(`${BIG30}.00`)
  })
  it('does not produce negative zero', () => {
    expect(toFixed('-0.001', 2)).toBe('0.00')
    expect(round('-0.001', 2)).toBe('0')
    expect(normalize('-0.000')).toBe('0')
  })
  it('normalize, isZero and isNegative agree with full arithmetic on every shape of input', () => {
    const ints = ['0', '00', '7', '007', '10', '100', '1200', BIG30]
    const fracs = ['', '.0', '.00', '.5', '.50', '.05', '.000000010', '.123456789012345678']
    for (const sign of ['', '-'])
      for (const i of ints)
        for (const f of fracs) {
          const s = `${sign}${i}${f}`
          // sub(s, '0'): the integer path up to 15 digits, big.js past that.
          expect(normalize(s), s).toBe(sub(s, '0'))
          expect(isZero(s), s).toBe(cmp(s, '0') === 0)
          expect(isNegative(s), s).toBe(cmp(s, '0') < 0)
        }
    for (const bad of ['', '-', '1.', '.5', '1e3', ' 1', '+1', '0x10'] as const) {
      expect(() => normalize(bad), bad).toThrow(/Invalid decimal/)
      expect(() => isZero(bad), bad).toThrow(/Invalid decimal/)
      expect(() => isNegative(bad), bad).toThrow(/Invalid decimal/)
    }
    expect(() => normalize(5 as unknown as string)).toThrow(/Invalid decimal/)
  })
  it('fromNumber refuses non-finite numbers', () => {
    expect(() => fromNumber(Number.NaN)).toThrow(/Invalid number/)
    expect(() => fromNumber(Number.POSITIVE_INFINITY)).toThrow(/Invalid number/)
  })
})

describe('pctChange', () => {
  it('computes signed percent change', () => {
    expect(pctChange('100', '110')).toBe('10.00')
    expect(pctChange('200', '199')).toBe('-0.50')
    expect(pctChange('3', '4', 4)).toBe('33.3333')
    expect(pctChange('1', '1')).toBe('0.00')
  })
  it('rounds only once', () => {
    // 0.0100499 * 100 = 1.00499 -> 1.00, a double rounding via 1.005 would give 1.01.
    expect(pctChange('1', '1.0100499')).toBe('1.00')
  })
  it('returns null for a zero base', () => {
    expect(pctChange('0', '5')).toBeNull()
  })
})

describe('format', () => {
  it('groups per locale without losing digits', () => {
    expect(format('1234567.891', { locale: 'en' })).toBe('1,234,567.891')
    expect(format('1234567.891', { locale: 'de' })).toBe('1.234.567,891')
    expect(format(BIG30, { locale: 'en' })).toBe('123,456,789,012,345,678,901,234,567,890')
    expect(format(TINY, { locale: 'en' })).toBe(TINY)
  })
  it('matches Intl for every app language where floats are exact', () => {
    for (const { bcp47 } of LANGUAGES) {
      const nf = new Intl.NumberFormat(bcp47, { maximumFractionDigits: 20 })
      for (const n of ['1234', '12345', '-1234567.25', '0.5', '7']) {
        expect(format(n, { locale: bcp47 })).toBe(nf.format(Number(n)))
      }
    }
  })
  it('leaves four-digit numbers ungrouped where the locale does', () => {
    expect(format('1234', { locale: 'es' })).toBe('1234')
    expect(format('12345', { locale: 'es' })).toBe('12.345')
    expect(format('1234', { locale: 'en' })).toBe('1,234')
  })
  it('applies dp, mode and grouping options', () => {
    expect(format('1234.5678', { dp: 2 })).toBe('1,234.56')
    expect(format('1234.5678', { dp: 2, mode: 'half-up' })).toBe('1,234.57')
    expect(format('1234.5', { dp: 3, grouping: false })).toBe('1234.500')
    expect(format('-1234.5', { locale: 'en' })).toBe('-1,234.5')
    expect(format('999', {})).toBe('999')
  })
  it('uses the locale minus sign', () => {
    const minus = new Intl.NumberFormat('sv').formatToParts(-1).find((p) => p.type === 'minusSign')?.value
    expect(minus).toBe('\u2212')
    expect(format('-1.5', { locale: 'sv' })).toBe('\u22121,5')
  })
})
