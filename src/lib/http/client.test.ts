import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/testing/memory-storage'

// Node has neither localStorage (read by the store on import: the in-memory one, imported first)
// nor location (read by nav).
const loc = vi.hoisted(() => {
  const loc = { hash: '' }
  vi.stubGlobal('location', loc)
  return loc
})

import { PUBLIC_PAGES, REQUEST_TIMEOUT_MS } from '@common/constants'
import { i18n } from '@lingui/core'
import { setNavigator } from '@/lib/nav'
import { langAtom, store, tokenAtom, userIdAtom } from '@/lib/store'
import { currentToastAtom, resetFeedback, spinnerVisibleAtom } from '@/ui/feedback'
import { apiBase, createHttp, kyOptions, OFFLINE_MESSAGE } from './client'
import { HttpError, NETWORK_ERROR_TEXT, setMessageTranslator } from './errors'

const PRIVATE = '/pages/assets/index'
const BASE = 'http://api.test/api'

const fetchMock = vi.fn<(req: Request) => Promise<Response>>()
// ky cancels the request body after the call, so keep a readable copy of what was sent.
const sent: Request[] = []
const recordingFetch = (req: Request) => {
  sent.push(req.clone())
  return fetchMock(req)
}
const nav = vi.fn<(to: string, opts?: { replace?: boolean }) => void>()
const api = createHttp({ prefix: BASE, fetch: recordingFetch as unknown as typeof fetch })

function reply(body: unknown, status = 200): void {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  )
}
const ok = (data: unknown, msg = 'success') => reply({ code: 200, msg, data })
const lastRequest = (): Request => sent.at(-1)!
const toastText = () => store.get(currentToastAtom)?.text ?? null
const toast = () => store.get(currentToastAtom)

function at(path: string): void {
  loc.hash = `#${path}`
}

/** Await a rejection and return its reason. */
async function failure(p: Promise<unknown>): Promise<HttpError> {
  try {
    await p
  } catch (e) {
    return e as HttpError
  }
  throw new Error('expected a rejection')
}

beforeEach(() => {
  fetchMock.mockReset()
  sent.length = 0
  nav.mockReset()
  setNavigator(nav)
  setMessageTranslator(null)
  resetFeedback()
  store.set(tokenAtom, null)
  store.set(userIdAtom, null)
  store.set(langAtom, 'tw')
  at(PRIVATE)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
})

describe('configuration', () => {
  it('times out after 60 s, never retries, and reads the prefix from VITE_API_BASE (default /api)', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(60_000)
    const o = kyOptions()
    expect(o.timeout).toBe(60_000)
    expect(o.retry).toBe(0)
    expect(o.prefixUrl).toBe('/api')
    expect(apiBase()).toBe('/api')
    vi.stubEnv('VITE_API_BASE', 'https://ex.example/v1')
    expect(apiBase()).toBe('https://ex.example/v1')
    expect(kyOptions({ prefix: '/x' }).prefixUrl).toBe('/x')
  })

  it('uses the global fetch when none is given', async () => {
    const original = globalThis.fetch
    const globalFetch = vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: '', data: 7 })))
    vi.stubGlobal('fetch', globalFetch)
    try {
      await expect(createHttp({ prefix: BASE }).get('/a')).resolves.toBe(7)
      expect(globalFetch).toHaveBeenCalledOnce()
    } finally {
      vi.stubGlobal('fetch', original)
    }
  })

  it('rejects as a network failure when no answer comes within 60 s', async () => {
    vi.useFakeTimers()
    fetchMock.mockImplementationOnce(() => new Promise<Response>(() => {}))
    const p = failure(api.get('/slow'))
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1)
    expect(toastText()).toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    const err = await p
    expect(err).toBeInstanceOf(HttpError)
    expect(err).toMatchObject({ code: 'TIMEOUT', status: 0, msg: NETWORK_ERROR_TEXT })
    expect(toastText()).toBe(NETWORK_ERROR_TEXT)
    expect(fetchMock).toHaveBeenCalledOnce()
  })
})

describe('request', () => {
  it('sends X-Requested-With and lang, and no authorization without a token', async () => {
    ok(null)
    await api.get('/user/getUserInfo')
    const h = lastRequest().headers
    expect(h.get('x-requested-with')).toBe('XMLHttpRequest')
    expect(h.get('lang')).toBe('tw')
    expect(h.has('authorization')).toBe(false)
  })

  it('sends the stored language and the bearer token', async () => {
    store.set(langAtom, 'en')
    store.set(tokenAtom, 'tok123')
    ok(null)
    await api.post('/user/logout')
    const h = lastRequest().headers
    expect(h.get('lang')).toBe('en')
    expect(h.get('authorization')).toBe('Bearer tok123')
  })

  it('GET puts data in the query string under the prefix, dropping empty values', async () => {
    ok([])
    await api.get('/article/list', { page: 2, type: 'news', on: true, none: undefined, nil: null })
    const req = lastRequest()
    expect(req.method).toBe('GET')
    const url = new URL(req.url)
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE}/article/list`)
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', type: 'news', on: 'true' })
  })

  it('POST and PUT send a JSON body', async () => {
    ok(null)
    await api.post('/user/login', { account: 'a', password: 'p' })
    expect(lastRequest().method).toBe('POST')
    expect(lastRequest().headers.get('content-type')).toContain('application/json')
    expect(await lastRequest().json()).toEqual({ account: 'a', password: 'p' })

    ok(null)
    await api.put('/thing', { n: 1 })
    expect(lastRequest().method).toBe('PUT')
    expect(await lastRequest().json()).toEqual({ n: 1 })

    ok(null)
    await api.post('/empty')
    expect(await lastRequest().json()).toEqual({})
  })

  it('DELETE puts data in the query string', async () => {
    ok(null)
    await api.delete('/thing', { id: 5 })
    expect(lastRequest().method).toBe('DELETE')
    expect(new URL(lastRequest().url).searchParams.get('id')).toBe('5')
  })

  it('upload sends multipart with field "image" by default and handles the answer the same way', async () => {
    ok({ url: '/u/1.png' })
    const file = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' })
    await expect(api.upload('/uploadImage', file)).resolves.toEqual({ url: '/u/1.png' })
    const req = lastRequest()
    expect(req.method).toBe('POST')
    expect(req.headers.get('content-type')).toContain('multipart/form-data')
    expect(req.headers.get('x-requested-with')).toBe('XMLHttpRequest')
    const part = (await req.formData()).get('image') as File
    expect(part.name).toBe('me.png')
    expect(part.size).toBe(3)

    reply({ code: 1102, msg: 'File too large', data: null })
    const err = await failure(api.upload('/uploadImage', new Blob(['x'], { type: 'image/jpeg' }), 'avatar'))
    expect(err.code).toBe(1102)
    expect(toastText()).toBe('File too large')
    expect((await lastRequest().formData()).has('avatar')).toBe(true)
  })
})

describe('scheme one: HTTP 200 with an envelope', () => {
  it('200 resolves with data, without a toast by default', async () => {
    ok({ id: 1 })
    await expect(api.get('/x')).resolves.toEqual({ id: 1 })
    expect(toast()).toBeNull()
  })

  it('200 with successToast toasts the message for 1500 ms', async () => {
    vi.useFakeTimers()
    ok(1, 'Operation success')
    await api.post('/x', {}, { successToast: true })
    expect(toast()).toMatchObject({ text: 'Operation success', durationMs: 1500, error: false })
    vi.advanceTimersByTime(1500)
    expect(toast()).toBeNull()
  })

  it('1003 clears the session, goes to login and rejects, without a toast', async () => {
    store.set(tokenAtom, 't')
    store.set(userIdAtom, 'u1')
    reply({ code: 1003, msg: 'invalid', data: null })
    const err = await failure(api.get('/x'))
    expect(err).toBeInstanceOf(HttpError)
    expect(err.code).toBe(1003)
    expect(store.get(tokenAtom)).toBeNull()
    expect(store.get(userIdAtom)).toBeNull()
    expect(nav).toHaveBeenCalledExactlyOnceWith('/pages/login/index', { replace: true })
    expect(toast()).toBeNull()
  })

  it('1021 resolves with data', async () => {
    reply({ code: 1021, msg: 'second check', data: { need: 'google' } })
    await expect(api.post('/user/login')).resolves.toEqual({ need: 'google' })
    expect(toast()).toBeNull()
  })

  it('1052 rejects without a toast', async () => {
    reply({ code: 1052, msg: 'quiet', data: null })
    const err = await failure(api.get('/x'))
    expect(err.code).toBe(1052)
    expect(toast()).toBeNull()
  })

  it('another code rejects with {code,msg,key,data} and toasts the message for 2000 ms', async () => {
    vi.useFakeTimers()
    reply({ code: 1200, msg: 'Insufficient balance', data: { need: '5' }, key: 'error.insufficient_balance' })
    const err = await failure(api.post('/x'))
    expect(err).toMatchObject({ code: 1200, msg: 'Insufficient balance', key: 'error.insufficient_balance' })
    expect(err.data).toEqual({ need: '5' })
    expect(toast()).toMatchObject({ text: 'Insufficient balance', durationMs: 2000, error: true })
    vi.advanceTimersByTime(1999)
    expect(toast()).not.toBeNull()
    vi.advanceTimersByTime(1)
    expect(toast()).toBeNull()
  })

  it('toasts the translation chosen by the registered translator', async () => {
    const tr = vi.fn((key: string, fallback: string) =>
      key === 'error.insufficient_balance' ? '餘額不足' : fallback,
    )
    setMessageTranslator(tr)
    reply({ code: 1200, msg: 'Insufficient balance', data: null, key: 'error.insufficient_balance' })
    await failure(api.post('/x'))
    expect(tr).toHaveBeenCalledWith('error.insufficient_balance', 'Insufficient balance')
    expect(toastText()).toBe('餘額不足')
  })

  it('toast:false rejects without a toast', async () => {
    reply({ code: 1200, msg: 'nope', data: null })
    await failure(api.post('/user/forgetPasswordAttempt', {}, { toast: false }))
    expect(toast()).toBeNull()
  })

  it('type 998 goes to advanced verification and rejects', async () => {
    reply({ code: 1006, msg: 'verify first', data: null, type: 998 })
    const err = await failure(api.post('/x'))
    expect(err).toMatchObject({ code: 1006, type: 998 })
    expect(nav).toHaveBeenCalledOnce()
    expect(nav.mock.calls[0]?.[0]).toBe('/pages/mine/advanced-verify')
    expect(nav.mock.calls[0]?.[1]?.replace).toBeFalsy()
    expect(toast()).toBeNull()
  })
})

describe('scheme two: any other HTTP status', () => {
  it('SYS.0015 on a private page clears token and user id and goes to login', async () => {
    store.set(tokenAtom, 't')
    store.set(userIdAtom, 'u1')
    reply({ code: 'SYS.0015', msg: 'expired' }, 401)
    const err = await failure(api.get('/x'))
    expect(err).toMatchObject({ code: 'SYS.0015', status: 401 })
    expect(store.get(tokenAtom)).toBeNull()
    expect(store.get(userIdAtom)).toBeNull()
    expect(nav).toHaveBeenCalledExactlyOnceWith('/pages/login/index', { replace: true })
  })

  it('SYS.0015 as errorCode works the same', async () => {
    store.set(tokenAtom, 't')
    reply({ errorCode: 'SYS.0015' }, 403)
    await failure(api.get('/x'))
    expect(store.get(tokenAtom)).toBeNull()
    expect(nav).toHaveBeenCalledOnce()
  })

  it('SYS.0015 on a public page neither clears nor navigates', async () => {
    for (const page of PUBLIC_PAGES) {
      at(page)
      store.set(tokenAtom, 't')
      store.set(userIdAtom, 'u1')
      reply({ code: 'SYS.0015' }, 401)
      const err = await failure(api.get('/x'))
      expect(err.code).toBe('SYS.0015')
      expect(store.get(tokenAtom)).toBe('t')
      expect(store.get(userIdAtom)).toBe('u1')
    }
    expect(nav).not.toHaveBeenCalled()
  })

  it('SYS.0015 on the login page does not navigate again', async () => {
    for (const page of ['/pages/login/index', '/pages/login/login']) {
      at(`${page}?from=x`)
      reply({ code: 'SYS.0015' }, 401)
      await failure(api.get('/x'))
    }
    expect(nav).not.toHaveBeenCalled()
  })

  it('other non-200 statuses reject with the status, without a toast', async () => {
    reply({ message: 'Internal Server Error' }, 500)
    const err = await failure(api.get('/x'))
    expect(err).toBeInstanceOf(HttpError)
    expect(err).toMatchObject({ code: 500, status: 500, msg: 'Internal Server Error' })
    expect(toast()).toBeNull()

    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }))
    expect(await failure(api.get('/x'))).toMatchObject({ code: 502, status: 502 })
    expect(nav).not.toHaveBeenCalled()
  })
})

describe('network failure', () => {
  it('toasts "error reload！" for 2000 ms and rejects', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'))
    const err = await failure(api.get('/x'))
    expect(NETWORK_ERROR_TEXT).toBe('error reload！')
    expect(err).toBeInstanceOf(HttpError)
    expect(err).toMatchObject({ code: 'NETWORK', status: 0, isNetwork: true })
    expect(err.cause).toBeInstanceOf(TypeError)
    expect(toast()).toMatchObject({ text: 'error reload！', durationMs: 2000 })
  })

  it('respects toast:false', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'))
    await failure(api.get('/x', undefined, { toast: false }))
    expect(toast()).toBeNull()
  })

  it('a call cancelled by its signal rejects with the abort reason and no toast', async () => {
    const ctrl = new AbortController()
    fetchMock.mockImplementationOnce(
      (req) =>
        new Promise<Response>((_, reject) =>
          req.signal.addEventListener('abort', () => reject(req.signal.reason)),
        ),
    )
    const p = failure(api.get('/x', undefined, { signal: ctrl.signal }))
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce())
    ctrl.abort()
    const err = (await p) as unknown
    expect(err).not.toBeInstanceOf(HttpError)
    expect((err as Error).name).toBe('AbortError')
    expect(toast()).toBeNull()
  })
})

describe('offline', () => {
  const OFFLINE_TW = '離線中，需要連線'
  const setOnline = (onLine: boolean) => vi.stubGlobal('navigator', { onLine })
  beforeEach(() => {
    // Compiled form, as the catalogs ship it; proves the text goes through Lingui.
    i18n.loadAndActivate({ locale: 'tw', messages: { [OFFLINE_MESSAGE.id]: [OFFLINE_TW] } })
    setOnline(false)
  })
  afterEach(() => setOnline(true))

  it('a change is not sent: it rejects with OFFLINE and toasts the translated offline message', async () => {
    const file = new Blob(['x'], { type: 'image/png' })
    for (const call of [
      () => api.post('/address/add', { a: 1 }),
      () => api.put('/thing', { n: 1 }),
      () => api.delete('/thing', { id: 5 }),
      () => api.upload('/uploadImage', file),
    ]) {
      resetFeedback()
      const err = await failure(call())
      expect(err).toBeInstanceOf(HttpError)
      expect(err).toMatchObject({ code: 'OFFLINE', status: 0, msg: OFFLINE_TW, isNetwork: true })
      expect(toast()).toMatchObject({ text: OFFLINE_TW, error: true, durationMs: 2000 })
    }
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('a change with toast:false carries the message for the caller and shows no toast', async () => {
    const err = await failure(api.post('/user/forgetPasswordAttempt', {}, { toast: false }))
    expect(err).toMatchObject({ code: 'OFFLINE', msg: OFFLINE_TW })
    expect(toast()).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('reads are still tried (the service worker or a cache may answer)', async () => {
    ok([1])
    await expect(api.get('/market/list')).resolves.toEqual([1])
    expect(fetchMock).toHaveBeenCalledOnce()
    expect(toast()).toBeNull()
  })

  it('a call that fails while the device is offline says offline, not the generic network error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const err = await failure(api.get('/x'))
    expect(err).toMatchObject({ code: 'OFFLINE', status: 0, msg: OFFLINE_TW })
    expect(err.cause).toBeInstanceOf(TypeError)
    expect(toastText()).toBe(OFFLINE_TW)

    // Connection lost while a change was in flight (the check before sending had passed).
    resetFeedback()
    setOnline(true)
    fetchMock.mockImplementationOnce(async () => {
      setOnline(false)
      throw new TypeError('Failed to fetch')
    })
    expect(await failure(api.post('/x'))).toMatchObject({ code: 'OFFLINE', msg: OFFLINE_TW })
    expect(toastText()).toBe(OFFLINE_TW)
  })

  it('once back online the same change is sent and succeeds', async () => {
    await failure(api.post('/address/add', { a: 1 }))
    setOnline(true)
    ok({ id: 'a1' })
    await expect(api.post('/address/add', { a: 1 })).resolves.toEqual({ id: 'a1' })
    expect(await lastRequest().json()).toEqual({ a: 1 })
  })

  it('before a language is active (start-up) the source text is used', async () => {
    i18n.loadAndActivate({ locale: '', messages: {} })
    const err = await failure(api.post('/x'))
    expect(err.msg).toBe('You are offline — this needs a connection')
    expect(toastText()).toBe('You are offline — this needs a connection')
  })
})

describe('per-call loading', () => {
  it('btnLoading is called with true, then false, on success and on failure', async () => {
    const btn = vi.fn<(on: boolean) => void>()
    ok(1)
    await api.post('/x', {}, { btnLoading: btn })
    expect(btn.mock.calls).toEqual([[true], [false]])

    btn.mockClear()
    reply({ code: 1200, msg: 'no', data: null })
    await failure(api.post('/x', {}, { btnLoading: btn }))
    expect(btn.mock.calls).toEqual([[true], [false]])

    btn.mockClear()
    fetchMock.mockRejectedValueOnce(new TypeError('offline'))
    await failure(api.post('/x', {}, { btnLoading: btn }))
    expect(btn.mock.calls).toEqual([[true], [false]])
  })

  it('loading shows the global spinner only after 800 ms, and hides it when done', async () => {
    vi.useFakeTimers()
    let answer!: (r: Response) => void
    fetchMock.mockImplementationOnce(() => new Promise<Response>((r) => (answer = r)))
    const p = api.post('/user/login', {}, { loading: true })
    await vi.advanceTimersByTimeAsync(799)
    expect(store.get(spinnerVisibleAtom)).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(store.get(spinnerVisibleAtom)).toBe(true)
    answer(new Response(JSON.stringify({ code: 200, msg: '', data: 'ok' })))
    await expect(p).resolves.toBe('ok')
    expect(store.get(spinnerVisibleAtom)).toBe(false)
  })

  it('without loading the spinner never shows', async () => {
    vi.useFakeTimers()
    let answer!: (r: Response) => void
    fetchMock.mockImplementationOnce(() => new Promise<Response>((r) => (answer = r)))
    const p = api.get('/x')
    await vi.advanceTimersByTimeAsync(5000)
    expect(store.get(spinnerVisibleAtom)).toBe(false)
    answer(new Response(JSON.stringify({ code: 200, msg: '', data: null })))
    await p
  })
})

describe('answers the static shell asked for early', () => {
  const shellAnswer = (data: unknown) =>
    Promise.resolve(new Response(JSON.stringify({ code: 200, msg: 'success', data }), { status: 200 }))
  const g = globalThis as { window?: unknown }
  afterEach(() => {
    delete g.window
  })

  it('takes the shell answer for the first plain GET of its path, once, and never for other calls', async () => {
    g.window = { __prefetch: { 'market/tickers': shellAnswer(['BTCUSDT']) } }
    const plain = createHttp({ fetch: recordingFetch as unknown as typeof fetch })
    expect(await plain.get('/market/tickers')).toEqual(['BTCUSDT'])
    expect(fetchMock).not.toHaveBeenCalled()
    // Taken: the next call asks the network (which, relative to no page here, cannot answer).
    await expect(plain.get('/market/tickers', undefined, { toast: false })).rejects.toBeInstanceOf(HttpError)
    // A client with its own prefix never takes the shell answers.
    g.window = { __prefetch: { 'market/tickers': shellAnswer(['shell']) } }
    ok(['from network'])
    expect(await api.get('/market/tickers')).toEqual(['from network'])
  })
})
