import { ERRORS, type ErrorName } from '@common/api/errors'

/** A domain error: becomes an HTTP 200 envelope with a stable code (docs/design.md section 4). */
export class AppError extends Error {
  readonly code: number
  readonly key: string
  readonly data: unknown
  readonly type: number | undefined

  constructor(name: ErrorName, opts: { msg?: string; data?: unknown; type?: number } = {}) {
    const def = ERRORS[name]
    super(opts.msg ?? def.en)
    this.code = def.code
    this.key = def.key
    this.data = opts.data ?? null
    this.type = opts.type
  }
}
