import { CONTROL_CHARS_REASON, controlCharPath } from '@common/validate/schemas'
import * as v from 'valibot'
import { AppError } from './errors'

/**
 * Parse untrusted input with a shared schema from common/. A failure is a 1101 envelope naming
 * the field and the schema's message key; nothing downstream runs. Control characters anywhere
 * in the input are refused first (reason `control_characters`), whatever the schema says.
 */
export function parse<const S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  // Control characters (NUL first: PostgreSQL refuses it) are refused in every field, one place.
  const bad = controlCharPath(input)
  if (bad !== null) return invalid(bad || null, CONTROL_CHARS_REASON)
  const result = v.safeParse(schema, input ?? {})
  if (result.success) return result.output
  const issue = result.issues[0]
  const field = issue ? v.getDotPath(issue) : null
  return invalid(field, issue?.message ?? 'invalid')
}

function invalid(field: string | null, reason: string): never {
  throw new AppError('invalidField', {
    msg: field ? `Invalid value for ${field}` : 'The request is not valid',
    data: { field, reason },
  })
}
