import type { HttpErrorInfo } from './types'

/** Exact text of docs/spec.md section 8 (note the full-width exclamation mark). */
export const NETWORK_ERROR_TEXT = 'error reload！'

/** Rejection value of every failed call. */
export class HttpError extends Error implements HttpErrorInfo {
  readonly code: number | string
  readonly msg: string
  readonly key?: string
  readonly data?: unknown
  readonly status: number
  readonly type?: number

  constructor(info: HttpErrorInfo, options?: { cause?: unknown }) {
    super(info.msg || String(info.code), options)
    this.name = 'HttpError'
    this.code = info.code
    this.msg = info.msg
    this.key = info.key
    this.data = info.data
    this.status = info.status
    this.type = info.type
  }

  /** True for a network failure or time-out (no response at all). */
  get isNetwork(): boolean {
    return this.status === 0
  }
}

export type MessageTranslator = (key: string, fallback: string) => string

const passThrough: MessageTranslator = (_key, fallback) => fallback
let translator: MessageTranslator = passThrough

/** The app wires Lingui here; until then the server's message is shown as is. */
export function setMessageTranslator(fn: MessageTranslator | null): void {
  translator = fn ?? passThrough
}

export function translateMessage(key: string | undefined, fallback: string): string {
  return key ? translator(key, fallback) : fallback
}
