import { REQUEST_TIMEOUT_MS } from '@common/constants'
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import ky, { type Options, TimeoutError } from 'ky'
import { currentPath, navigate } from '@/lib/nav'
import { clearSession, langAtom, store, tokenAtom } from '@/lib/store'
import { beginLoading, showToast } from '@/ui/feedback'
import { HttpError, NETWORK_ERROR_TEXT, translateMessage } from './errors'
import { ADVANCED_VERIFY_PATH, decide, LOGIN_PATH } from './handle-response'
import { takePrefetched } from './prefetched'
import type { Decision, QueryData, RequestOptions } from './types'

export interface HttpConfig {
  /** API base path or URL; defaults to VITE_API_BASE, else '/api'. */
  prefix?: string
  /** Fetch implementation (tests); defaults to the global fetch at call time. */
  fetch?: typeof fetch
}

export function apiBase(): string {
  const base: unknown = import.meta.env?.VITE_API_BASE
  return typeof base === 'string' && base !== '' ? base : '/api'
}

/** ky options shared by every call; exported so the configuration itself is testable. */
export function kyOptions(config: HttpConfig = {}): Options {
  return {
    prefixUrl: config.prefix ?? apiBase(),
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    // Non-200 statuses are decided by `decide`, which needs the body.
    throwHttpErrors: false,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  }
}

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    lang: store.get(langAtom),
  }
  const token = store.get(tokenAtom)
  if (token) headers.authorization = `Bearer ${token}`
  return headers
}

function toSearchParams(data: QueryData | undefined): Record<string, string> | undefined {
  if (!data) return undefined
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(data)) if (v !== undefined && v !== null) out[k] = String(v)
  return out
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined
  } catch {
    return undefined
  }
}

// A bare Blob would be sent as "blob"; servers often check the extension.
function blobName(file: Blob): string {
  const ext = /^image\/(\w+)/.exec(file.type)?.[1]
  return ext ? `upload.${ext === 'jpeg' ? 'jpg' : ext}` : 'upload'
}

/** Carry out a decision: the side effects of docs/spec.md section 8. */
function apply(decision: Decision): unknown {
  switch (decision.kind) {
    case 'resolve':
      if (decision.toast) showToast(translateMessage(decision.toast.key, decision.toast.msg))
      return decision.data
    case 'reject':
      if (decision.toast) {
        showToast(translateMessage(decision.toast.key, decision.toast.msg), { error: true })
      }
      throw new HttpError(decision.error)
    case 'logout':
      if (decision.clear) clearSession()
      // replace: Back must not return to the page that needed the session.
      if (decision.redirect) navigate(LOGIN_PATH, { replace: true })
      throw new HttpError(decision.error)
    case 'verify':
      navigate(ADVANCED_VERIFY_PATH)
      throw new HttpError(decision.error)
  }
}

/** Shown instead of the generic network error when the device knows it has no connection. */
export const OFFLINE_MESSAGE = msg`You are offline — this needs a connection`

/** The browser's own connectivity flag; absent (Node) counts as online. */
function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

function offlineError(opts: RequestOptions, cause?: unknown): HttpError {
  // Before activation (never the case once the app renders) Lingui would throw.
  const text = i18n.locale ? i18n._(OFFLINE_MESSAGE) : (OFFLINE_MESSAGE.message ?? '')
  if (opts.toast !== false) showToast(text, { error: true })
  return new HttpError({ code: 'OFFLINE', msg: text, status: 0 }, { cause })
}

export function createHttp(config: HttpConfig = {}) {
  const client = ky.create(kyOptions(config))

  async function send<T>(url: string, init: Options, opts: RequestOptions = {}): Promise<T> {
    // A change is never sent while offline: nothing is queued or half-done, and the user is told why.
    if (init.method !== 'get' && isOffline()) throw offlineError(opts)
    opts.btnLoading?.(true)
    const endLoading = opts.loading ? beginLoading() : undefined
    try {
      let status: number
      let body: unknown
      try {
        const path = url.replace(/^\/+/, '')
        const early =
          init.method === 'get' && !init.searchParams && !config.prefix && apiBase() === '/api'
            ? await takePrefetched(path)?.catch(() => undefined)
            : undefined
        const res = early ?? (await client(path, { ...init, headers: authHeaders(), signal: opts.signal }))
        status = res.status
        body = parseJson(await res.text())
      } catch (cause) {
        if (opts.signal?.aborted) throw cause
        if (isOffline()) throw offlineError(opts, cause)
        if (opts.toast !== false) showToast(NETWORK_ERROR_TEXT, { error: true })
        const code = cause instanceof TimeoutError ? 'TIMEOUT' : 'NETWORK'
        throw new HttpError({ code, msg: NETWORK_ERROR_TEXT, status: 0 }, { cause })
      }
      return apply(decide(status, body, currentPath(), opts)) as T
    } finally {
      endLoading?.()
      opts.btnLoading?.(false)
    }
  }

  return {
    get: <T = unknown>(url: string, data?: QueryData, opts?: RequestOptions) =>
      send<T>(url, { method: 'get', searchParams: toSearchParams(data) }, opts),
    post: <T = unknown>(url: string, data?: unknown, opts?: RequestOptions) =>
      send<T>(url, { method: 'post', json: data ?? {} }, opts),
    put: <T = unknown>(url: string, data?: unknown, opts?: RequestOptions) =>
      send<T>(url, { method: 'put', json: data ?? {} }, opts),
    /** Data goes in the query string: DELETE bodies are dropped by some proxies. */
    delete: <T = unknown>(url: string, data?: QueryData, opts?: RequestOptions) =>
      send<T>(url, { method: 'delete', searchParams: toSearchParams(data) }, opts),
    /** Multipart upload (docs/spec.md section 7: /uploadImage, field `image`), same response handling. */
    upload: <T = unknown>(url: string, file: Blob, field = 'image', opts?: RequestOptions) => {
      const form = new FormData()
      const name = typeof File !== 'undefined' && file instanceof File ? file.name : blobName(file)
      form.append(field, file, name)
      return send<T>(url, { method: 'post', body: form }, opts)
    },
  }
}

// Re-exported so the app wires everything HTTP from one module.
export { HttpError, NETWORK_ERROR_TEXT, setMessageTranslator } from './errors'
export type { RequestOptions } from './types'

export type Http = ReturnType<typeof createHttp>

/** The one HTTP client of the app. */
export const http: Http = createHttp()

export const upload = http.upload
