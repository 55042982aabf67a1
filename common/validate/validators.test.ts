import { describe, expect, it } from 'vitest'
import {
  inRange,
  isAmount,
  isCode,
  isDate,
  isDigits,
  isEmail,
  isEmpty,
  isIdCard,
  isMainlandMobile,
  isNumber,
  isUrl,
  lengthInRange,
} from './validators'

const all = (fn: (v: unknown) => boolean, values: unknown[]) => values.map(fn)

describe('isEmail', () => {
  it('accepts common addresses', () => {
    expect(all(isEmail, ['a@b.co', 'first.last+tag@mail.example.com', 'x_y-z@sub-domain.io'])).toEqual([
      true,
      true,
      true,
    ])
  })
  it('rejects malformed ones', () => {
    for (const v of [
      '',
      'a@b',
      '@b.com',
      'a@.com',
      'a..b@c.com',
      '.a@c.com',
      'a@b.c',
      'a b@c.com',
      'a@-b.com',
      1,
    ]) {
      expect(isEmail(v)).toBe(false)
    }
    expect(isEmail(`${'a'.repeat(250)}@b.com`)).toBe(false)
  })
})

describe('isMainlandMobile', () => {
  it('needs 11 digits, leading 1 and second digit 3-9', () => {
    expect(isMainlandMobile('13800138000')).toBe(true)
    expect(isMainlandMobile('19912345678')).toBe(true)
    expect(isMainlandMobile('12800138000')).toBe(false)
    expect(isMainlandMobile('23800138000')).toBe(false)
    expect(isMainlandMobile('1380013800')).toBe(false)
    expect(isMainlandMobile('138001380000')).toBe(false)
    expect(isMainlandMobile('+8613800138000')).toBe(false)
    expect(isMainlandMobile(13800138000)).toBe(false)
  })
})

describe('isUrl', () => {
  it('accepts http(s) URLs', () => {
    expect(isUrl('https://example.com')).toBe(true)
    expect(isUrl('http://localhost:3000/a?b=c#d')).toBe(true)
  })
  it('rejects other schemes and junk', () => {
    for (const v of [
      'example.com',
      'ftp://example.com',
      'javascript:alert(1)',
      'https://',
      'https://a b.com',
      '',
    ]) {
      expect(isUrl(v)).toBe(false)
    }
  })
})

describe('isDate', () => {
  it('accepts real dates in both styles', () => {
    expect(isDate('2024-02-29')).toBe(true)
    expect(isDate('2000/02/29')).toBe(true)
    expect(isDate('0001-01-01')).toBe(true)
  })
  it('rejects impossible dates and mixed formats', () => {
    for (const v of [
      '2023-02-29',
      '1900-02-29',
      '2024-13-01',
      '2024-04-31',
      '2024-00-10',
      '2024-1-01',
      '2024-01/01',
      '2024.01.01',
      '',
    ]) {
      expect(isDate(v)).toBe(false)
    }
    expect(isDate('0099-12-31')).toBe(true)
  })
})

describe('isNumber and isDigits', () => {
  it('isNumber takes signed decimals', () => {
    expect(all(isNumber, ['0', '-1', '+2.5', '123.456'])).toEqual([true, true, true, true])
    expect(all(isNumber, ['', '-', '1.', '.5', '1e3', '1,0', 'abc', 5])).toEqual(Array(8).fill(false))
  })
  it('isDigits takes only 0-9', () => {
    expect(isDigits('0123')).toBe(true)
    expect(all(isDigits, ['', '-1', '1.0', '١٢', ' 1'])).toEqual(Array(5).fill(false))
  })
})

describe('isIdCard', () => {
  it('accepts 18-digit IDs with a correct checksum', () => {
    expect(isIdCard('11010519491231002X')).toBe(true)
    expect(isIdCard('11010519491231002x')).toBe(true)
    expect(isIdCard('440524188001010014')).toBe(true)
    expect(isIdCard('11010120000229123X')).toBe(true)
    expect(isIdCard('310115199003071239')).toBe(true)
  })
  it('rejects a wrong check character or birth date', () => {
    expect(isIdCard('110105194912310021')).toBe(false)
    expect(isIdCard('310115199003071238')).toBe(false)
    expect(isIdCard('110101200102291230')).toBe(false) // 2001-02-29
    expect(isIdCard('011010194912310020')).toBe(false) // leading zero
    expect(isIdCard('1101051949123100X2')).toBe(false)
  })
  it('accepts legacy 15-digit IDs with a valid date', () => {
    expect(isIdCard('110105491231002')).toBe(true)
    expect(isIdCard('110105491331002')).toBe(false)
    expect(isIdCard('11010549123100X')).toBe(false)
  })
  it('rejects other lengths and types', () => {
    expect(isIdCard('1101051949123100')).toBe(false)
    expect(isIdCard(110105491231002)).toBe(false)
  })
})

describe('isEmpty', () => {
  it('treats null, undefined, blank strings and empty arrays as empty', () => {
    expect(all(isEmpty, [null, undefined, '', '  \t\n', []])).toEqual(Array(5).fill(true))
  })
  it('treats everything else as filled', () => {
    expect(all(isEmpty, ['a', ' 0 ', 0, false, [0], {}])).toEqual(Array(6).fill(false))
  })
})

describe('inRange', () => {
  it('is inclusive and exact', () => {
    expect(inRange('10', '10', '20')).toBe(true)
    expect(inRange('20', 10, 20)).toBe(true)
    expect(inRange('20.00000000000000000001', '10', '20')).toBe(false)
    expect(inRange('9.99999999999999999999', '10', '20')).toBe(false)
    expect(inRange(0.3, '0.3', '0.3')).toBe(true)
    expect(inRange('+5', -5, 5)).toBe(true)
    expect(inRange(-5.1, -5, 5)).toBe(false)
  })
  it('treats invalid values as out of range', () => {
    expect(inRange('', 0, 10)).toBe(false)
    expect(inRange('abc', 0, 10)).toBe(false)
    expect(inRange(Number.NaN, 0, 10)).toBe(false)
    expect(inRange(null, 0, 10)).toBe(false)
  })
  it('throws on invalid bounds (programming error)', () => {
    expect(() => inRange('1', 'x', 10)).toThrow(/Invalid range/)
  })
})

describe('lengthInRange', () => {
  it('counts code points', () => {
    expect(lengthInRange('😀😀', 2, 2)).toBe(true)
    expect(lengthInRange('中文', 1, 2)).toBe(true)
    expect(lengthInRange('abc', 1, 2)).toBe(false)
    expect(lengthInRange('', 0, 0)).toBe(true)
    expect(lengthInRange('', 1, 5)).toBe(false)
    expect(lengthInRange(123, 1, 5)).toBe(false)
  })
})

describe('isAmount', () => {
  it('accepts positive amounts', () => {
    for (const v of [
      '12.5',
      '1',
      '1.1234567890',
      '0.5',
      '0.00000000000000000001',
      '0.12345678901234567890',
    ]) {
      expect(isAmount(v)).toBe(true)
    }
    expect(isAmount('123456789012345678901234567890.01')).toBe(true)
  })
  it('rejects zero, negatives, too many decimals and odd forms', () => {
    for (const v of [
      '0',
      '0.0',
      '0.00000000000000000000',
      '-1',
      '1.12345678901',
      '0.000000000000000000001',
      '01',
      '1.',
      '.5',
      '+1',
      '1e3',
      ' 1',
      '',
      1,
    ]) {
      expect(isAmount(v)).toBe(false)
    }
  })
})

describe('isCode', () => {
  it('needs exactly n digits, default 6', () => {
    expect(isCode('012345')).toBe(true)
    expect(isCode('12345')).toBe(false)
    expect(isCode('1234567')).toBe(false)
    expect(isCode('12345a')).toBe(false)
    expect(isCode(123456)).toBe(false)
    expect(isCode('1234', 4)).toBe(true)
    expect(isCode('123456', 4)).toBe(false)
  })
})
