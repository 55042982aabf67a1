/**
 * Every API answer is HTTP 200 with this envelope (docs/spec.md section 8, scheme one).
 * `type` carries 998 when the action needs advanced identity verification.
 */
export interface Envelope<T = unknown> {
  code: number
  msg: string
  data: T
  type?: number
  /** Stable key of the error catalogue (common/api/errors.ts) so the client can translate. */
  key?: string
}

export const CODE_OK = 200
/** The catalogue's `internal` entry, here so the client has it without the whole catalogue. */
export const INTERNAL_ERROR = {
  code: 1000,
  key: 'error.internal',
  en: 'Network busy, try again later',
} as const
export const CODE_INVALID_SESSION = 1003
export const CODE_SECOND_CHECK = 1021
export const CODE_SILENT = 1052
export const TYPE_ADVANCED_VERIFY = 998
/** Scheme two: a non-200 HTTP response with this error code means the session is invalid. */
export const SYS_INVALID_SESSION = 'SYS.0015'
