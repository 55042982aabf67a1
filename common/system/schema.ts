import * as v from 'valibot'

/** GET /api/logo/:file — a coin code or "platform", always .svg. */
export const logoParamsSchema = v.object({
  file: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,10}\.svg$/, 'invalid_logo')),
})
