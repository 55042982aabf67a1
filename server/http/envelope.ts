import { CODE_OK, type Envelope } from '@common/api/envelope'
import type { AppError } from './errors'

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: CODE_OK, msg, data }
}

export function fail(err: AppError): Envelope<unknown> {
  const body: Envelope<unknown> = { code: err.code, msg: err.message, data: err.data, key: err.key }
  if (err.type !== undefined) body.type = err.type
  return body
}
