import { ERRORS, type ErrorName } from '@common/api/errors'
import * as v from 'valibot'
import { AppError } from '../http/errors'

/** A command on a unit's stream. `deadline` is epoch ms: a core never starts it later. */
export const commandSchema = v.object({
  id: v.string(),
  op: v.string(),
  args: v.array(v.unknown()),
  deadline: v.number(),
  replyTo: v.string(),
})
export type Command = v.InferOutput<typeof commandSchema>

/** The answer, the same result or domain error the service gives in one process. */
export type Reply =
  | { id: string; ok: true; data: unknown }
  | { id: string; ok: false; error: { code: number; msg: string; data: unknown; type?: number } | null }

export const replySchema = v.variant('ok', [
  v.object({ id: v.string(), ok: v.literal(true), data: v.unknown() }),
  v.object({
    id: v.string(),
    ok: v.literal(false),
    error: v.nullable(
      v.object({ code: v.number(), msg: v.string(), data: v.unknown(), type: v.optional(v.number()) }),
    ),
  }),
])

/** Domain errors cross the broker as their code; anything else as null (an internal error). */
export function errorToWire(err: unknown): Extract<Reply, { ok: false }>['error'] {
  if (!(err instanceof AppError)) return null
  return {
    code: err.code,
    msg: err.message,
    data: err.data,
    ...(err.type === undefined ? {} : { type: err.type }),
  }
}

const byCode = new Map<number, ErrorName>(
  (Object.entries(ERRORS) as [ErrorName, { code: number }][]).map(([name, d]) => [d.code, name]),
)

/** The gateway's copy of a core's error: the same AppError, or a plain Error (HTTP 500) for an internal one. */
export function errorFromWire(e: Extract<Reply, { ok: false }>['error'], op: string): Error {
  const name = e ? byCode.get(e.code) : undefined
  if (!e || !name) return new Error(`${op} failed on its core`)
  return new AppError(name, {
    msg: e.msg,
    data: e.data ?? undefined,
    ...(e.type === undefined ? {} : { type: e.type }),
  })
}
