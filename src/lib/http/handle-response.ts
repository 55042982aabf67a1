import {
  CODE_INVALID_SESSION,
  CODE_OK,
  CODE_SECOND_CHECK,
  CODE_SILENT,
  type Envelope,
  INTERNAL_ERROR,
  SYS_INVALID_SESSION,
  TYPE_ADVANCED_VERIFY,
} from '@common/api/envelope'
import { PUBLIC_PAGES } from '@common/constants'
import type { Decision, HttpErrorInfo } from './types'

export const LOGIN_PATH = '/pages/login/index'
export const ADVANCED_VERIFY_PATH = '/pages/mine/advanced-verify'
// '/pages/login/login' is a route alias of the login page (docs/design.md section 3).
const LOGIN_PATHS: readonly string[] = [LOGIN_PATH, '/pages/login/login']

export function isLoginPath(path: string): boolean {
  return LOGIN_PATHS.includes(path)
}

export function isPublicPath(path: string): boolean {
  return (PUBLIC_PAGES as readonly string[]).includes(path)
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function isEnvelope(v: unknown): v is Envelope {
  return isRecord(v) && typeof v.code === 'number'
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined
}

/**
 * What to do with one response: docs/spec.md section 8, both schemes.
 * Pure (status, parsed JSON body or undefined, current route path) -> decision, so every branch
 * is testable without a network.
 */
export function decide(
  status: number,
  body: unknown,
  path: string,
  opts: { toast?: boolean; successToast?: boolean } = {},
): Decision {
  const toastErrors = opts.toast !== false
  if (status !== 200) return decideHttpFailure(status, body, path)

  if (!isEnvelope(body)) {
    // A 200 without an envelope (e.g. an HTML page from a misconfigured proxy).
    const error: HttpErrorInfo = {
      code: INTERNAL_ERROR.code,
      msg: INTERNAL_ERROR.en,
      key: INTERNAL_ERROR.key,
      status,
    }
    return {
      kind: 'reject',
      error,
      toast: toastErrors ? { msg: error.msg, key: error.key, error: true } : undefined,
    }
  }

  const msg = str(body.msg) ?? ''
  // The server puts the catalogue key on every error; without one, its own text is shown.
  const key = str(body.key)
  const error: HttpErrorInfo = { code: body.code, msg, key, data: body.data, status, type: body.type }

  if (body.code === CODE_OK) {
    return {
      kind: 'resolve',
      data: body.data,
      toast: opts.successToast && msg ? { msg, key, error: false } : undefined,
    }
  }
  if (body.code === CODE_INVALID_SESSION) {
    return { kind: 'logout', error, clear: true, redirect: !isLoginPath(path) }
  }
  if (body.code === CODE_SECOND_CHECK) return { kind: 'resolve', data: body.data }
  if (body.type === TYPE_ADVANCED_VERIFY) return { kind: 'verify', error }

  const showToast = toastErrors && body.code !== CODE_SILENT && msg !== ''
  return { kind: 'reject', error, toast: showToast ? { msg, key, error: true } : undefined }
}

/** Scheme two: any status other than 200 rejects; SYS.0015 also ends the session. */
function decideHttpFailure(status: number, body: unknown, path: string): Decision {
  const rec = isRecord(body) ? body : {}
  const rawCode = rec.code ?? rec.errorCode
  const code = typeof rawCode === 'string' || typeof rawCode === 'number' ? rawCode : status
  const msg = str(rec.msg) ?? str(rec.message) ?? ''
  const error: HttpErrorInfo = { code, msg, key: str(rec.key), data: rec.data, status }

  if (code === SYS_INVALID_SESSION && !isPublicPath(path)) {
    return { kind: 'logout', error, clear: true, redirect: !isLoginPath(path) }
  }
  return { kind: 'reject', error }
}
