import { PUBLIC_PAGES } from '@common/constants'
import { describe, expect, it } from 'vitest'
import { decide, isLoginPath, isPublicPath, LOGIN_PATH } from './handle-response'

const PRIVATE = '/pages/assets/index'
const env = (code: number, extra: Record<string, unknown> = {}) => ({
  code,
  msg: `m${code}`,
  data: { x: 1 },
  ...extra,
})

describe('decide, scheme one (HTTP 200 + envelope)', () => {
  it('200 resolves with data and no toast by default', () => {
    expect(decide(200, env(200), PRIVATE)).toEqual({ kind: 'resolve', data: { x: 1 }, toast: undefined })
  })

  it('200 with successToast toasts the message (not as an error)', () => {
    const d = decide(200, env(200, { key: 'ok.saved' }), PRIVATE, { successToast: true })
    expect(d).toEqual({
      kind: 'resolve',
      data: { x: 1 },
      toast: { msg: 'm200', key: 'ok.saved', error: false },
    })
  })

  it('200 with successToast but an empty message does not toast', () => {
    const d = decide(200, { code: 200, msg: '', data: null }, PRIVATE, { successToast: true })
    expect(d).toEqual({ kind: 'resolve', data: null, toast: undefined })
  })

  it('1003 ends the session and goes to login', () => {
    const d = decide(200, env(1003), PRIVATE)
    expect(d).toMatchObject({
      kind: 'logout',
      clear: true,
      redirect: true,
      error: { code: 1003, status: 200 },
    })
  })

  it('1003 on the login page clears without navigating again', () => {
    expect(decide(200, env(1003), LOGIN_PATH)).toMatchObject({ kind: 'logout', clear: true, redirect: false })
  })

  it('1021 resolves with data', () => {
    expect(decide(200, env(1021), PRIVATE)).toEqual({ kind: 'resolve', data: { x: 1 } })
  })

  it('type 998 goes to advanced verification without a toast', () => {
    const d = decide(200, env(1006, { type: 998 }), PRIVATE)
    expect(d).toMatchObject({ kind: 'verify', error: { code: 1006, type: 998 } })
  })

  it('another code rejects with an error toast and the catalogue key', () => {
    const d = decide(200, env(1200, { key: 'error.insufficient_balance' }), PRIVATE)
    expect(d).toEqual({
      kind: 'reject',
      error: {
        code: 1200,
        msg: 'm1200',
        key: 'error.insufficient_balance',
        data: { x: 1 },
        status: 200,
        type: undefined,
      },
      toast: { msg: 'm1200', key: 'error.insufficient_balance', error: true },
    })
  })

  it('an error without a catalogue key shows the server text as it is', () => {
    const d = decide(200, env(1299), PRIVATE)
    expect(d).toMatchObject({ kind: 'reject', toast: { msg: 'm1299', key: undefined, error: true } })
  })

  it('the envelope key wins over the catalogue', () => {
    const d = decide(200, env(1200, { key: 'custom.key' }), PRIVATE)
    expect(d).toMatchObject({ kind: 'reject', toast: { key: 'custom.key' } })
  })

  it('1052 rejects without a toast', () => {
    expect(decide(200, env(1052), PRIVATE)).toMatchObject({
      kind: 'reject',
      toast: undefined,
      error: { code: 1052 },
    })
  })

  it('toast:false rejects without a toast', () => {
    const d = decide(200, env(1200), PRIVATE, { toast: false })
    expect(d).toMatchObject({ kind: 'reject', toast: undefined })
  })

  it('a 200 that is not an envelope rejects as "network busy"', () => {
    expect(decide(200, undefined, PRIVATE)).toMatchObject({
      kind: 'reject',
      error: { code: 1000, key: 'error.internal' },
      toast: { key: 'error.internal', error: true },
    })
    expect(decide(200, '<html>', PRIVATE, { toast: false })).toMatchObject({
      kind: 'reject',
      toast: undefined,
    })
  })
})

describe('decide, scheme two (non-200 status)', () => {
  it('SYS.0015 (code) on a private page clears the session and goes to login', () => {
    const d = decide(401, { code: 'SYS.0015', msg: 'expired' }, PRIVATE)
    expect(d).toMatchObject({
      kind: 'logout',
      clear: true,
      redirect: true,
      error: { code: 'SYS.0015', status: 401 },
    })
  })

  it('SYS.0015 (errorCode) is recognised too', () => {
    expect(decide(403, { errorCode: 'SYS.0015' }, PRIVATE)).toMatchObject({ kind: 'logout', clear: true })
  })

  it('SYS.0015 on each public page only rejects', () => {
    expect(PUBLIC_PAGES).toHaveLength(4)
    for (const page of PUBLIC_PAGES) {
      expect(decide(401, { code: 'SYS.0015' }, page)).toMatchObject({
        kind: 'reject',
        error: { code: 'SYS.0015' },
      })
    }
  })

  it('SYS.0015 on the login page (either alias) is not navigated again', () => {
    for (const page of ['/pages/login/index', '/pages/login/login']) {
      const d = decide(401, { code: 'SYS.0015' }, page)
      if (isPublicPath(page)) expect(d.kind).toBe('reject')
      else expect(d).toMatchObject({ kind: 'logout', clear: true, redirect: false })
    }
  })

  it('other non-200 responses reject without a toast', () => {
    expect(decide(500, { code: 'SYS.0001', message: 'boom' }, PRIVATE)).toEqual({
      kind: 'reject',
      error: { code: 'SYS.0001', msg: 'boom', key: undefined, data: undefined, status: 500 },
    })
    expect(decide(502, undefined, PRIVATE)).toEqual({
      kind: 'reject',
      error: { code: 502, msg: '', key: undefined, data: undefined, status: 502 },
    })
  })

  it('a non-200 carrying an envelope with code 200 still rejects', () => {
    expect(decide(201, env(200), PRIVATE).kind).toBe('reject')
  })
})

describe('paths', () => {
  it('knows the login aliases', () => {
    expect(isLoginPath('/pages/login/index')).toBe(true)
    expect(isLoginPath('/pages/login/login')).toBe(true)
    expect(isLoginPath(PRIVATE)).toBe(false)
  })
})
