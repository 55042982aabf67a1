/** Per-call options of the HTTP client (docs/spec.md section 7). */
export interface RequestOptions {
  /** Button loading callback: true when the call starts, false when it settles. */
  btnLoading?: (on: boolean) => void
  /** Toast error messages (default true). */
  toast?: boolean
  /** Toast the server message on code 200. */
  successToast?: boolean
  /** Global loading: the spinner appears if the call is still pending after 800 ms. */
  loading?: boolean
  /** Cancels the call (e.g. TanStack Query's signal); a cancelled call never toasts. */
  signal?: AbortSignal
}

export type QueryValue = string | number | boolean | null | undefined
export type QueryData = Record<string, QueryValue>

/** What the server sent for a failed call, as callers see it. */
export interface HttpErrorInfo {
  /** Envelope code, scheme-two error code (e.g. 'SYS.0015'), or the HTTP status. */
  code: number | string
  msg: string
  /** Catalogue key for translation (common/api/errors.ts), when known. */
  key?: string
  data?: unknown
  /** HTTP status; 0 for network failures. */
  status: number
  /** Envelope `type` (998 = advanced verification). */
  type?: number
}

export interface ToastSpec {
  msg: string
  key?: string
  error: boolean
}

/**
 * The outcome of one response, decided without side effects.
 * - resolve: hand `data` to the caller (optionally toast)
 * - reject: fail the call (optionally toast)
 * - logout: the session is invalid; clear it and/or go to login, then fail
 * - verify: advanced verification is needed; go there, then fail
 */
export type Decision =
  | { kind: 'resolve'; data: unknown; toast?: ToastSpec }
  | { kind: 'reject'; error: HttpErrorInfo; toast?: ToastSpec }
  | { kind: 'logout'; error: HttpErrorInfo; clear: boolean; redirect: boolean }
  | { kind: 'verify'; error: HttpErrorInfo }
