import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  amountSchema,
  codeSchema,
  controlCharPath,
  emailSchema,
  hasControlChars,
  langSchema,
  mainlandMobileSchema,
  pageQuerySchema,
} from './schemas'

/** The distinct issue messages, or the parsed output on success. */
function run<T extends v.GenericSchema>(schema: T, input: unknown) {
  const r = v.safeParse(schema, input)
  return r.success ? { ok: r.output } : { err: [...new Set(r.issues.map((i) => i.message))] }
}

describe('text schemas', () => {
  it('email trims and checks', () => {
    expect(run(emailSchema, ' a@b.co ')).toEqual({ ok: 'a@b.co' })
    expect(run(emailSchema, 'a@b')).toEqual({ err: ['invalid_email'] })
    expect(run(emailSchema, 42)).toEqual({ err: ['invalid_email'] })
  })
  it('mainland mobile', () => {
    expect(run(mainlandMobileSchema, '13800138000')).toEqual({ ok: '13800138000' })
    expect(run(mainlandMobileSchema, '12800138000')).toEqual({ err: ['invalid_mobile'] })
  })
  it('amount stays an exact string', () => {
    expect(run(amountSchema, '0.00000000000000000001')).toEqual({ ok: '0.00000000000000000001' })
    expect(run(amountSchema, '0')).toEqual({ err: ['invalid_amount'] })
    expect(run(amountSchema, 12.5)).toEqual({ err: ['invalid_amount'] })
  })
  it('code length is configurable', () => {
    expect(run(codeSchema(), '012345')).toEqual({ ok: '012345' })
    expect(run(codeSchema(), '01234')).toEqual({ err: ['invalid_code'] })
    expect(run(codeSchema(4), '0123')).toEqual({ ok: '0123' })
  })
  it('lang is one of the app codes', () => {
    expect(run(langSchema, 'kor')).toEqual({ ok: 'kor' })
    expect(run(langSchema, 'ko')).toEqual({ err: ['invalid_lang'] })
    expect(run(langSchema, undefined)).toEqual({ err: ['invalid_lang'] })
  })
})

describe('pageQuerySchema', () => {
  it('defaults page 1 and size 20', () => {
    expect(run(pageQuerySchema, {})).toEqual({ ok: { page: 1, size: 20 } })
  })
  it('accepts numbers and numeric query strings', () => {
    expect(run(pageQuerySchema, { page: '3', size: '100' })).toEqual({ ok: { page: 3, size: 100 } })
    expect(run(pageQuerySchema, { page: 2, size: 1 })).toEqual({ ok: { page: 2, size: 1 } })
  })
  it('drops unknown keys', () => {
    expect(run(pageQuerySchema, { page: '1', coin: 'BTC' })).toEqual({ ok: { page: 1, size: 20 } })
  })
  it('rejects out-of-range or non-integer values with stable keys', () => {
    for (const page of ['0', 0, '-1', '1.5', 1.5, 'abc', '', ' 2', null]) {
      expect(run(pageQuerySchema, { page })).toEqual({ err: ['invalid_page'] })
    }
    for (const size of ['0', '101', 101, '1e2']) {
      expect(run(pageQuerySchema, { size })).toEqual({ err: ['invalid_size'] })
    }
  })
})

describe('control characters', () => {
  it('finds them anywhere in a request, keys included, and lets tab and line breaks through', () => {
    expect(controlCharPath({ a: 'x', b: ['y', { c: 'z\u0000' }] })).toBe('b.1.c')
    expect(controlCharPath({ 'k\u0001': 1 })).toBe('k?')
    expect(controlCharPath('top\u007f')).toBe('')
    expect(controlCharPath({ body: 'line\nline\r\n\tindented', n: 1, ok: true, none: null })).toBeNull()
    expect(controlCharPath({ s: 'C1 \u0085' })).toBe('s')
    expect(hasControlChars('plain 中文 ✓')).toBe(false)
  })
  it('refuses half a surrogate pair alone, and keeps whole pairs (emoji)', () => {
    expect(controlCharPath({ reason: 'half \uD800' })).toBe('reason')
    expect(controlCharPath({ reason: '\uDC00 first' })).toBe('reason')
    expect(controlCharPath({ reason: 'emoji 😀 fine' })).toBeNull()
  })
  it('text schemas refuse them', () => {
    expect(v.safeParse(emailSchema, 'a\u0000@x.com').success).toBe(false)
    expect(v.safeParse(amountSchema, '1\u0000').success).toBe(false)
  })
})
