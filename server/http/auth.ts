import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/db'
import { resolveToken } from '../platform/identity/sessions'
import { authenticateKey, isKeyRequest } from './api-key-auth'
import { AppError } from './errors'

export interface RequestUser {
  id: string
  sessionId: string
  role: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, decorated in app.ts so hooks can reach it. */
    db: Db
    /** Every route as registered (app.ts), for the security sweeps. */
    routeTable: readonly { method: string; url: string }[]
  }
  interface FastifyRequest {
    /** Set by requireUser / optionalUser; null for visitors. */
    user: RequestUser | null
  }
}

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (typeof header !== 'string') return null
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim())
  return m?.[1] ?? null
}

async function lookUp(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<RequestUser | null> {
  // A signed API-key request (docs/api.md): only on routes that accept a key, never a session.
  // Verified once per request: a second guard on the same request must not see a replay.
  if (isKeyRequest(request))
    return request.apiKey && request.user ? request.user : authenticateKey(request, reply)
  const token = bearerToken(request)
  if (!token) return null
  const s = await resolveToken(db, token)
  return s ? { id: s.userId, sessionId: s.sessionId, role: s.role } : null
}

/** preHandler: answers 1003 unless the request carries a live session; sets request.user. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await lookUp(request.server.db, request, reply)
  if (!user) throw new AppError('invalidSession')
  request.user = user
}

/** preHandler: like requireUser, but visitors pass with request.user = null. */
export async function optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.user = await lookUp(request.server.db, request, reply)
}

/** Narrow request.user after requireUser ran. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError('invalidSession')
  return request.user
}

/** preHandler for the operator console: a live session of an operator or admin (else 1006). */
export async function requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply)
  const role = request.user?.role
  if (role !== 'operator' && role !== 'admin') throw new AppError('forbidden')
}

/** preHandler for admin-only actions (manual balance adjustments, roles). */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply)
  if (request.user?.role !== 'admin') throw new AppError('forbidden')
}
