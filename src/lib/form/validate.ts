import * as v from 'valibot'

/** Checks a form against a shared schema: field path -> first failure key (empty when valid). */
export function fieldErrors(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input)
  if (result.success) return {}
  const out: Record<string, string> = {}
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '_'
    if (!(path in out)) out[path] = issue.message
  }
  return out
}
